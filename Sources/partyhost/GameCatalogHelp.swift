import ArgumentParser
import Foundation
import PartyGames
import PartyKit
import PartyTerminal

/// The text `--help` and `--list-games` show about the games, and reading game settings.
enum GameCatalogHelp {
    /// One line a game: id, title, players, summary; the columns are as wide as their longest entry.
    static var listing: String {
        let descriptors: [GameDescriptor] = GameCatalog.all.map { game in game.descriptor }
        let players = descriptors.map { d in
            d.minPlayers == d.maxPlayers ? "\(d.minPlayers)" : "\(d.minPlayers)-\(d.maxPlayers)"
        }
        let idWidth = (descriptors.map { $0.id.count }.max() ?? 0) + 2
        let titleWidth = (descriptors.map { $0.title.count }.max() ?? 0) + 2
        let playersWidth = players.map { $0.count }.max() ?? 0
        return zip(descriptors, players).map { d, players in
            "\(d.id.padding(idWidth))\(d.title.padding(titleWidth))\(players.padding(playersWidth + 1))players  \(d.summary)"
        }.joined(separator: "\n")
    }

    /// Every game's settings, for `--help`, laid out for the width `--help` is printed at.
    static var settingsHelp: String {
        settingsHelp(width: helpWidth)
    }

    /// The width ArgumentParser wraps `--help` to: `COLUMNS`, else the terminal's, else 80.
    static var helpWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return Terminal.size(of: STDOUT_FILENO)?.width ?? 80
    }

    /// Every game's settings as a two-column table (name, then help wrapped under its own column),
    /// or with the help on lines of its own below the name when `width` is too narrow for that.
    /// Every line is shorter than `width`, so ArgumentParser keeps the layout instead of wrapping a
    /// setting's help back to column 0.
    static func settingsHelp(width: Int) -> String {
        let limit = max(30, width - 1)
        let games = GameCatalog.all.map { game in (id: game.descriptor.id, type: game, settings: GameCatalog.settings(of: game)) }
        let names = games.flatMap(\.settings).map { "  --\($0.name) <value>" }
        let column = (names.map(\.count).max() ?? 0) + 2
        let sideBySide = limit - column >= 30
        var lines: [String] = []
        for game in games {
            lines.append(game.id + ":")
            if game.settings.isEmpty { lines.append("  (no settings)") }
            for setting in game.settings {
                let name = "  --\(setting.name) <value>"
                let room = GameCatalog.roomDefaults(of: game.type)[setting.name].map { "; in a party room \($0)" } ?? ""
                let help = "\(setting.help) (default \(setting.defaultValue)\(room))"
                if sideBySide {
                    let wrapped = wrap(help, width: limit - column)
                    lines.append(name.padding(column) + (wrapped.first ?? ""))
                    lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
                } else {
                    lines.append(name)
                    lines += wrap(help, width: limit - 6).map { "      " + $0 }
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Reads `--name value` / `--name=value` pairs.
    static func settingValues(_ arguments: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw ValidationError("Unexpected argument \"\(argument)\"; game settings look like --round-seconds 60.")
            }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                values[String(body[..<equals])] = String(body[body.index(after: equals)...])
                index += 1
            } else {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                    throw ValidationError("\(argument) needs a value, e.g. \(argument) 60.")
                }
                values[String(body)] = arguments[index + 1]
                index += 2
            }
        }
        return values
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
