import ArgumentParser
import PartyGames
import PartyKit

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

    /// Every game's settings, for `--help`.
    static var settingsHelp: String {
        GameCatalog.all.map { game in
            let settings = GameCatalog.settings(of: game)
            let lines = settings.isEmpty
                ? ["  (no settings)"]
                : settings.map { "  --\($0.name) <value>  \($0.help) (default \($0.defaultValue))" }
            return ([game.descriptor.id + ":"] + lines).joined(separator: "\n")
        }.joined(separator: "\n")
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
