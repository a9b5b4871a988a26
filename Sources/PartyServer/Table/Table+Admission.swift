import PartyKit
import PartyWire

extension Table {
    /// The answer to a hello.
    enum Admission {
        case welcomed(Welcome)
        case rejected(Reject)
    }

    /// Seats the client who said `hello` on connection `peer` (or gives a held seat back, or lets
    /// them watch), or tells them why not and closes the connection. `token` is the fresh
    /// reconnect secret a seat gets.
    mutating func admit(_ hello: Hello, peer: Int, address: String, token: String) {
        if case .rejected(let reject) = admission(hello, peer: peer, address: address, token: token) {
            send(reject, to: peer)
            close(peer)
        }
    }

    /// What becomes of a hello.
    mutating func admission(_ hello: Hello, peer: Int, address: String, token: String) -> Admission {
        if ended {
            return .rejected(Reject(.shuttingDown))
        }
        guard (WireProtocol.oldestVersion...WireProtocol.version).contains(hello.protocol) else {
            return .rejected(Reject(.unsupportedVersion(client: hello.protocol)))
        }
        if let room {
            guard hello.protocol >= 2 else {
                return .rejected(Reject(.roomNeedsProtocol2(client: hello.protocol)))
            }
            if let game = hello.game, game.lowercased() != descriptor.id, room.descriptor(game.lowercased()) == nil {
                return .rejected(Reject(.wrongGame(plays: PartyRoom.list(room.menu.map(\.title)), asked: Self.shown(game), room: true)))
            }
        } else if let game = hello.game, game.lowercased() != descriptor.id {
            return .rejected(Reject(.wrongGame(plays: descriptor.title, asked: game, room: false)))
        }
        guard hello.name.utf8.count <= 1024 else {
            return .rejected(Reject(.badName))
        }
        if hello.bot == true, let level = hello.level, BotLevel(rawValue: level) == nil {
            return .rejected(Reject(.badLevel))
        }
        if let presented = hello.token {
            return reattach(token: presented, peer: peer, hello: hello, newToken: token)
        }
        if hello.hostKey != hostKey, let problem = codeProblem(hello.code, address: address) {
            return .rejected(problem)
        }
        switch hello.role ?? "player" {
        case "player":
            return seat(hello, peer: peer, token: token)
        case "spectator":
            return watch(hello, peer: peer)
        default:
            return .rejected(Reject(.badRole))
        }
    }

    /// A game id from a client as it may be shown to people: cleaned, at most 24 characters.
    static func shown(_ game: String) -> String {
        let cleaned = NameCleaner.clean(game)
        return cleaned.isEmpty ? "that game" : String(cleaned.prefix(24))
    }

    func welcome(seat: Int?, name: String, token: String, hello: Hello, reconnected: Bool = false) -> Welcome {
        Welcome(protocol: min(hello.protocol, WireProtocol.version), session: sessionID, game: descriptor.id, title: descriptor.title,
                sessionName: options.sessionName, seat: seat, role: seat == nil ? "spectator" : "player", reconnected: reconnected,
                name: name, players: playerInfos, minPlayers: descriptor.minPlayers, maxPlayers: tableCapacity, token: token,
                room: isRoom ? true : nil, graceMs: options.graceMilliseconds, heartbeatMs: options.heartbeatIntervalMilliseconds,
                silenceMs: options.peerTimeoutMilliseconds,
                restartWait: options.restartWaitSeconds > 0 ? options.restartWaitSeconds : nil)
    }

    /// Seats a newcomer, or in a party room a member who left and came back (`returning`: their
    /// member id and name), who gets their scoreboard row and points back.
    mutating func seat(_ hello: Hello, peer: Int, token: String, returning: DepartedMember? = nil) -> Admission {
        let takesVacantRole = vipVacant && hello.bot != true && hello.role != "spectator"
        let isHost = (hello.hostKey == hostKey || takesVacantRole) && !players.contains(where: \.isHost)
        let reserved = hostSeatReserved && !isHost
        guard players.count < tableCapacity - (reserved ? 1 : 0) else {
            return .rejected(Reject(.sessionFull(players: players.count, capacity: tableCapacity)))
        }
        if phase == .playing && !descriptor.joinInProgress && !(options.teams && !isRoom) {
            return .rejected(Reject(.gameInProgress))
        }
        let seat = freeSeat(from: reserved ? 1 : 0)
        let name = NameCleaner.unique(returning?.name ?? hello.name, seat: seat, taken: players.map(\.name))
        var member = 0
        if let returning {
            member = returning.member
        } else {
            // Every player gets a member id (a locked session's teams use it too).
            member = nextMember
            nextMember += 1
        }
        let player = TablePlayer(seat: seat, member: member, name: name, isHost: isHost, isBot: hello.bot ?? false,
                                 level: hello.bot == true ? hello.level : nil,
                                 peer: peer, games: hello.games, plainText: wantsPlainText(hello),
                                 token: token, wantsTeams: hello.features?.contains("teams") == true,
                                 wantsPredictions: hello.features?.contains("predictions") == true)
        players.append(player)
        players.sort { $0.seat < $1.seat }
        if isHost { vipVacant = false }
        log(.info, "\(returning == nil ? "seated" : "welcomed back") \(name) at seat \(seat)", metadata: ["peer": "\(peer)"])
        let welcome = welcome(seat: seat, name: name, token: player.token, hello: hello, reconnected: returning != nil)
        send(welcome, to: peer)
        if isRoom {
            memberArrived(player)
        } else if phase == .playing, options.teams, !descriptor.joinInProgress || seatsInGame.count >= descriptor.maxPlayers,
                  let team = smallestTeam() {
            joinTeam(team, member: member)
        } else if phase == .playing {
            changePlay { $0.seats.insert(seat) }
            gameJoin(seat: seat, name: name)
            broadcastLobby()
            afterGameChange()
        } else {
            broadcastLobby()
        }
        publishStatus()
        return .welcomed(welcome)
    }

    mutating func watch(_ hello: Hello, peer: Int) -> Admission {
        let isRelay = hello.features?.contains("relay") == true
        if isRelay, !options.acceptsRelays {
            return .rejected(Reject(.relayRefused))
        }
        guard spectators.count < options.maxSpectators else {
            return .rejected(Reject(.spectatorsFull(watching: options.maxSpectators)))
        }
        let cleaned = NameCleaner.clean(hello.name)
        let spectator = Spectator(peer: peer, name: cleaned.isEmpty ? "Spectator" : cleaned, games: hello.games,
                                  plainText: wantsPlainText(hello), wantsPredictions: hello.features?.contains("predictions") == true,
                                  isDisplay: hello.features?.contains("display") == true, isRelay: isRelay)
        addSpectator(spectator)
        log(.info, "\(spectator.name) is watching", metadata: ["peer": "\(peer)"])
        let welcome = welcome(seat: nil, name: spectator.name, token: "", hello: hello)
        send(welcome, to: peer)
        // The newcomer gets the table now; everyone else the new count with the next lobby (at
        // most `spectatorLobbyMilliseconds` later), not a lobby each per newcomer.
        send(spectatorLobby(), to: peer)
        spectatorsChanged = true
        if isRoom, let room = roomMessage() { send(room, to: peer) }
        sendCurrentView(to: peer, seat: nil, plainText: spectator.plainText)
        if spectator.wantsPredictions { sendPredictions(to: peer) }
        return .welcomed(welcome)
    }

    /// Gives a held (or still open) seat back to whoever presents its current token.
    ///
    /// A token is spent the moment it is presented successfully: the seat gets a new one at once, sent
    /// in this welcome, and the presented token never works again, whatever the new connection does
    /// next (PROTOCOL.md section 12 says how a client that never received that welcome recovers).
    ///
    /// In a party room, the token of the latest welcome of a member who left (or whose grace ran
    /// out) also works, once, for the rest of the party: they are seated again as that member, with
    /// their scoreboard row and points (`returning`).
    mutating func reattach(token: String, peer: Int, hello: Hello, newToken: String) -> Admission {
        if isRoom, !token.isEmpty, let returning = departed[token], !players.contains(where: { $0.member == returning.member }) {
            let admission = seat(hello, peer: peer, token: newToken, returning: returning)
            if case .welcomed = admission { departed[token] = nil }
            return admission
        }
        guard !token.isEmpty, let index = players.firstIndex(where: { $0.token == token }) else {
            return .rejected(Reject(.badToken))
        }
        let old = players[index]
        if old.connected {
            // The client noticed the drop before we did: the new connection takes over.
            effects.append(.abort(old.peer))
        }
        players[index].peer = peer
        players[index].games = hello.games
        players[index].plainText = wantsPlainText(hello)
        players[index].wantsTeams = hello.features?.contains("teams") == true
        players[index].wantsPredictions = hello.features?.contains("predictions") == true
        // In a team, the game heard of a drop only when nobody of the seat was left connected.
        let seatWasAway = connectedMembers(of: old.seat) == (old.connected ? 1 : 0)
        players[index].connected = true
        players[index].disconnectedAt = nil
        players[index].token = newToken
        let player = players[index]
        log(.info, "\(player.name) reconnected", metadata: ["peer": "\(peer)"])
        let welcome = welcome(seat: player.seat, name: player.name, token: player.token, hello: hello, reconnected: true)
        send(welcome, to: peer)
        let inGame = phase == .playing && !player.watching
        if inGame, !old.connected, seatWasAway {
            gameConnectionChanged(seat: player.seat, connected: true)
        }
        if inGame { sendTeam(player.seat) }
        broadcastLobby()
        broadcastRoom()
        if inGame {
            afterGameChange()
        } else {
            sendCurrentView(to: peer, seat: player.watching ? nil : player.seat, plainText: player.plainText)
        }
        if player.wantsPredictions { sendPredictions(to: peer) }
        return .welcomed(welcome)
    }

    // MARK: Join codes

    /// How many milliseconds `address` waits at `now` before its next code is checked (after wrong guesses).
    func codeDelay(for address: String, at now: GameInstant) -> Int64 {
        guard options.joinCode != nil, let failures = codeFailures[address],
              now.milliseconds(since: failures.last) <= Int64(options.codeLockoutSeconds) * 1000 else { return 0 }
        return failures.count >= 3 ? Int64(500 * (failures.count - 2)) : 0
    }

    /// Why `code` does not let this address in, or nil when it does.
    mutating func codeProblem(_ code: String?, address: String) -> Reject? {
        guard let expected = options.joinCode else { return nil }
        if let failures = codeFailures[address], now.milliseconds(since: failures.last) > Int64(options.codeLockoutSeconds) * 1000 {
            codeFailures[address] = nil
        }
        if let failures = codeFailures[address], failures.count >= options.codeAttempts,
           now.milliseconds(since: failures.last) < Int64(options.codeLockoutSeconds) * 1000 {
            return Reject(.tooManyAttempts(lockoutSeconds: options.codeLockoutSeconds))
        }
        guard let code, !code.isEmpty else {
            return Reject(.codeRequired)
        }
        guard code.trimmingWhitespace() == expected else {
            let count = (codeFailures[address]?.count ?? 0) + 1
            codeFailures[address] = (count, now)
            return Reject(.wrongCode)
        }
        codeFailures[address] = nil
        return nil
    }
}
