import ArgumentParser
import PartyGames
import PartyKit

extension PartyHostCommand {
    /// The vote's countdown when `--vote-seconds` is not given.
    static let defaultVoteSeconds = 30
    /// The countdown between a pick and the game's start when `--start-delay` is not given.
    static let defaultStartDelaySeconds = 3

    /// The first room-only option given, as typed (they make no sense with `--game`).
    var roomOnlyFlag: String? {
        if games != nil { return "--games" }
        if choose != nil { return "--choose" }
        if playlist != nil { return "--playlist" }
        if voteSeconds != nil { return "--vote-seconds" }
        if startDelay != nil { return "--start-delay" }
        if results != nil { return "--results" }
        return nil
    }

    /// The ids of a comma-separated list, lower-cased, each checked against this build's games.
    static func gameIDs(_ list: String, option: String) throws -> [String] {
        let ids = list.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
        guard !ids.isEmpty else { throw ValidationError("\(option) needs game ids, comma-separated (one of: \(GameCatalog.idList)).") }
        for id in ids where GameCatalog.game(id: id) == nil {
            throw ValidationError("There is no game \"\(id)\" (in \(option)); this build has: \(GameCatalog.idList).")
        }
        return ids
    }

    /// The games on the room's menu: `--games` in its order (each once), else every game.
    func menuGames() throws -> [any PartyGame.Type] {
        guard let games else { return GameCatalog.all }
        var seen = Set<String>()
        return try Self.gameIDs(games, option: "--games").filter { seen.insert($0).inserted }.compactMap { GameCatalog.game(id: $0) }
    }

    /// The playlist's ids, if there is one.
    var playlistIDs: [String]? {
        playlist.flatMap { try? Self.gameIDs($0, option: "--playlist") }
    }

    /// Checks a party room's options.
    func validateRoom() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        let menu = try menuGames()
        let ids = Set(menu.map { $0.descriptor.id })
        if let choose, !["vote", "host"].contains(choose.lowercased()) {
            throw ValidationError("--choose must be vote or host (for a fixed order, use --playlist).")
        }
        if let playlist {
            if choose != nil { throw ValidationError("--playlist and --choose do not go together: the playlist chooses.") }
            for id in try Self.gameIDs(playlist, option: "--playlist") where !ids.contains(id) {
                throw ValidationError("--playlist has \(id), which is not on the menu (--games).")
            }
        }
        if choose?.lowercased() == "host", dedicated {
            throw ValidationError("--choose host needs the host's player; with --dedicated nobody plays at this terminal.")
        }
        if let voteSeconds, !(1...600).contains(voteSeconds) {
            throw ValidationError("--vote-seconds must be from 1 to 600.")
        }
        if let startDelay, !(0...60).contains(startDelay) {
            throw ValidationError("--start-delay must be from 0 to 60 seconds.")
        }
        if voteSeconds != nil, choose?.lowercased() == "host" || playlist != nil {
            throw ValidationError("--vote-seconds is for choosing by vote (not with --choose host or --playlist).")
        }
        if players != nil { throw ValidationError("--players is for --game --dedicated; a party room starts each game when it is picked.") }
        let capacity = menu.map { $0.descriptor.maxPlayers }.max() ?? 1
        let seats = capacity - (dedicated ? 0 : 1)
        guard (0...seats).contains(bots) else {
            throw ValidationError("--bots must be from 0 to \(seats) for this party (it seats \(capacity)).")
        }
        if let results, results.trimmingWhitespace().isEmpty { throw ValidationError("--results needs a file name.") }
        _ = try RoomHostRunner.menu(self)
        try validateCommon()
    }
}
