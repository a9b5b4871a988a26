import PartyKit
import PartyWire

/// The lobby: who sits at the table, whether a locked table's game can start, and the line that
/// says what the table waits for.
extension Table {
    /// Why a game cannot start now, or nil when it can.
    func startProblem() -> String? {
        if phase == .playing { return "A game is already running." }
        if players.count < descriptor.minPlayers {
            let missing = descriptor.minPlayers - players.count
            return "Waiting for \(missing) more player\(missing == 1 ? "" : "s")."
        }
        let waiting = players.filter { !$0.ready && !$0.rematch }
        if !waiting.isEmpty {
            return "Waiting for \(waiting.map(\.name).joined(separator: ", ")) to be ready."
        }
        return nil
    }

    /// Whether the host's player must decide when to start: a choice of player counts, and a host
    /// player present or still expected (its seat kept), so a bot that joins first never starts
    /// the game before the host's own player has sat down.
    var hostDecides: Bool {
        descriptor.minPlayers < descriptor.maxPlayers && (players.contains(where: \.isHost) || hostSeatReserved)
    }

    /// How many players a host without a host player waits for.
    var autoStartPlayers: Int {
        min(tableCapacity, max(descriptor.minPlayers, options.startAt ?? descriptor.minPlayers))
    }

    /// Everyone at the table as the lobby lists them (a team's members with its name).
    var playerInfos: [PlayerInfo] {
        players.map { player in
            var info = player.info(grace: options.graceMilliseconds, at: now)
            if phase == .playing, !player.watching, seatsInGame.contains(player.seat) { info.team = teamNames[player.seat] }
            return info
        }
    }

    /// Sends every connected player their lobby (each with their own seat) and the spectators theirs.
    mutating func broadcastLobby() {
        spectatorsChanged = false
        lastLobbyBroadcast = now
        let infos = playerInfos
        let message = lobbyMessage()
        let state = lobbyState
        let canStart = isRoom ? phase != .playing && (room?.plan != nil || room?.votes.isEmpty == false) : hostDecides && startProblem() == nil
        for player in players where player.connected {
            send(Lobby(state: state, players: infos, you: player.seat, spectators: audienceCount,
                       canStart: canStart && player.isHost, gamesPlayed: gamesPlayed, message: message), to: player.peer)
        }
        sendToSpectators(spectatorLobby(infos: infos, message: message))
    }

    /// The lobby's `state` (a room is never `over`: its games end in the lobby).
    var lobbyState: String {
        phase.rawValue
    }

    /// The lobby every spectator gets (`you` absent, never `canStart`).
    func spectatorLobby(infos: [PlayerInfo]? = nil, message: String? = nil) -> Lobby {
        Lobby(state: lobbyState, players: infos ?? playerInfos, you: nil, spectators: audienceCount,
              canStart: false, gamesPlayed: gamesPlayed, message: message ?? lobbyMessage())
    }

    /// The lobby's line: a held seat's countdown, the game on, or what the table waits for.
    func lobbyMessage() -> String {
        if let away = players.first(where: { !$0.connected }),
           let left = away.info(grace: options.graceMilliseconds, at: now).graceMs {
            return PlayerLabel.reconnecting(away.name, milliseconds: left)
        }
        if isRoom { return roomLobbyMessage() }
        switch phase {
        case .playing:
            return "\(descriptor.title) is on."
        case .over:
            let asked = players.filter(\.rematch).map(\.name)
            return asked.isEmpty ? "Game over. Ask for a rematch to play again." : "Rematch asked by \(asked.joined(separator: ", "))."
        case .lobby:
            if let problem = startProblem() { return problem }
            if hostDecides { return "Everyone is ready; the host may start." }
            let missing = autoStartPlayers - players.count
            return missing > 0 ? "Waiting for \(missing) more player\(missing == 1 ? "" : "s")." : "Starting…"
        }
    }

    /// Whether seat 0 is still kept for the host's own player.
    var hostSeatReserved: Bool {
        options.reserveHostSeat && !players.contains(where: \.isHost) && gamesPlayed == 0
    }

    /// The lowest seat number from `first` on that is free now (and, during a game, never used in it).
    func freeSeat(from first: Int = 0) -> Int {
        let taken = Set(players.map(\.seat)).union(phase == .playing ? seatsInGame : [])
        var seat = first
        while taken.contains(seat) { seat += 1 }
        return seat
    }
}
