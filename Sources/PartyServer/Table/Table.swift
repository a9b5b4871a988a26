import Logging
import PartyKit
import PartyWire

/// The table: everything a hosted session knows (seats, names, tokens, spectators, readiness, teams,
/// the audience, the party room and the running game) as a value-type state machine. Each
/// `handle(_:at:)` takes one input at one instant and returns what the host must do about it
/// (`TableEffect`); nothing else changes the table, and nothing here reads a clock, draws a random
/// number the inputs did not seed, or touches a connection. The same inputs at the same instants
/// give the same table and the same effects.
///
/// A table is either locked to one game (`PartyHost`: lobby, game, rematch) or a party room
/// (`PartyRoomHost`: choose, play, back to choosing, with a scoreboard across games). Both start,
/// finish and send games through the same functions; they part only where the protocol says they
/// differ (`isRoom`: a room's `room` message, votes instead of ready, no rematch, members who return).
struct Table {
    /// The game a locked table plays, or the room's menu.
    let games: [HostedGame]
    /// What the table offers: the locked game's descriptor, or the room's (`party`).
    let descriptor: GameDescriptor
    let options: HostOptions
    /// The secret that marks the host's own player in `hello`.
    let hostKey: String
    /// The session's id (`welcome.session`).
    let sessionID: String
    let codec = MessageCodec()
    /// Whether this table is a party room (a constant, so the move path never looks at the room).
    let isRoom: Bool

    /// The instant of the input being handled: the only time the table knows.
    var now = GameInstant.zero
    /// What the input being handled asks the host to do, in order.
    var effects: [TableEffect] = []

    var random: SeededRandom
    var players: [TablePlayer] = []
    var spectators: [Spectator] = []
    /// Where each spectator is in `spectators`, by connection id: every message a connection sends
    /// is looked up here first (a scan of ten thousand spectators per message was the cost).
    var spectatorIndex: [Int: Int] = [:]
    /// Whether spectators came or went since the lobby last went out: the new count goes out with
    /// the next lobby, at the latest `spectatorLobbyMilliseconds` later (not one lobby to everyone
    /// per spectator, which ten thousand arriving would make a hundred million messages).
    var spectatorsChanged = false
    /// When the lobby last went out.
    var lastLobbyBroadcast = GameInstant.zero
    /// Wrong join codes by address: how many, and when the last one came.
    var codeFailures: [String: (count: Int, last: GameInstant)] = [:]
    /// When the lobby was last re-sent to count down a held seat.
    var lastGraceBroadcast = GameInstant.zero
    /// How many broadcasts found nobody to tell: an input that made one sent nothing, yet changed
    /// the table (a countdown's last broadcast, a room's vote closing), so it is journaled.
    private(set) var unheard = 0
    /// Between games, or the game on (or, in a locked table, just finished) with all it holds.
    var stage = TableStage.lobby
    var gamesPlayed = 0
    var ended = false
    /// Why the session ended (`ended.reason`), once it has: the journal marks the party finished with it.
    var endReason: String?
    /// Whether the VIP's role waits for the next human to join (it passed on and found nobody).
    var vipVacant = false
    var lastStatus: SessionStatus?
    /// The next member id (every player gets one; a room's scoreboard and a locked table's teams use it).
    var nextMember = 1

    // MARK: The party room (nil in a locked table)

    /// The room's state machine.
    var room: PartyRoom?
    /// Milliseconds between a pick and the start.
    let startDelayMilliseconds: Int64
    /// When the picked game starts, while the room is `starting`.
    var startsAt: GameInstant?
    /// When the last `room` message went out (a countdown re-sends it once a second).
    var lastRoomBroadcast = GameInstant.zero
    /// The member id of the host's own player, once seated in a room. They count as present to the
    /// end: their quitting ends the party (partyhost closes the room when its player leaves), so the
    /// final standings must not call the host "left".
    var hostMember: Int?
    /// The announcement of the pick, shown while the game starts and runs.
    var announcement: String?
    /// Every finished game of the room.
    var results: [RoomGameResult] = []
    /// Members who left the room, by the token of their latest welcome: presenting it again
    /// (once, for the rest of the party) seats them as the same member, row and points included.
    var departed: [String: DepartedMember] = [:]
    /// Who played in a team with whom in the last game (the next teams mix them).
    var lastTeammates: [Int: Set<Int>] = [:]
    /// The spectators' board: points from right predictions, by spectator connection.
    var spectatorBoard: [Predictor: SpectatorScore] = [:]
    /// How many spectators are relays (other nodes of the fleet), and the watchers they say they serve.
    var relays = (count: 0, audience: 0)

    /// A table locked to `game` (`room` nil), or a party room. `seed` drives every random choice of
    /// the table and its games.
    init(game: HostedGame?, room settings: RoomSettings?, options: HostOptions, hostKey: String, sessionID: String, seed: UInt64) {
        self.options = options
        self.hostKey = hostKey
        self.sessionID = sessionID
        random = SeededRandom(seed: seed)
        isRoom = settings != nil
        if let settings = settings {
            games = settings.games
            descriptor = GameDescriptor(id: "party", title: "Party room", minPlayers: 1, maxPlayers: settings.capacity,
                                        joinInProgress: true, summary: "A different game each time, with a scoreboard across games.",
                                        howToPlay: "Vote for the next game; everyone plays, the scoreboard runs all evening.")
            room = PartyRoom(menu: settings.games.map(\.descriptor), choice: settings.choice, seed: seed ^ 0x9E37_79B9_7F4A_7C15,
                             hostSeatReserved: options.reserveHostSeat)
            room?.teams = options.teams
            room?.botsVote = options.botsVote
            startDelayMilliseconds = max(0, settings.startDelayMilliseconds)
        } else {
            games = game.map { [$0] } ?? []
            descriptor = game?.descriptor ?? GameDescriptor(id: "none", title: "None", minPlayers: 1, maxPlayers: 1,
                                                             joinInProgress: false, summary: "", howToPlay: "")
            startDelayMilliseconds = 0
        }
    }

    /// The status before anyone came.
    var initialStatus: SessionStatus {
        SessionStatus(players: 0, maxPlayers: tableCapacity, state: isRoom ? "choosing" : TablePhase.lobby.rawValue,
                      joinable: true, room: isRoom)
    }

    // MARK: The state machine

    /// Handles one input at `now` and returns what the host must do, in order.
    mutating func handle(_ input: TableInput, at now: GameInstant) -> [TableEffect] {
        var effects: [TableEffect] = []
        handle(input, at: now, into: &effects)
        return effects
    }

    /// Handles one input at `now`; what the host must do replaces the contents of `buffer` (whose
    /// storage the host keeps from one input to the next).
    mutating func handle(_ input: TableInput, at now: GameInstant, into buffer: inout [TableEffect]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&effects, &buffer)
        defer { swap(&effects, &buffer) }
        self.now = max(self.now, now)
        switch input {
        case .hello(let peer, let address, let hello, let token):
            admit(hello, peer: peer, address: address, token: token)
        case .message(let peer, let envelope):
            receive(envelope, from: peer)
        case .departed(let peer, let reason):
            remove(peerID: peer, reason: reason)
        case .tick:
            tick()
        case .end(let reason, let message):
            end(reason: reason, message: message)
        }
    }

    /// Whether connection `peer` is at the table (seated, holding a seat, or watching).
    func knows(peer: Int) -> Bool {
        spectatorIndex[peer] != nil || players.contains { $0.peer == peer }
    }

    // MARK: Effects

    mutating func send(_ message: some WireMessage, to peer: Int) {
        effects.append(.send(TableMessage(message), to: peer))
    }

    /// Sends `message` to every peer in `peers` (the host encodes it once when they are many).
    mutating func sendMany(_ message: some WireMessage, to peers: [Int]) {
        guard !peers.isEmpty else {
            unheard &+= 1
            return
        }
        effects.append(.sendMany(TableMessage(message), to: peers))
    }

    mutating func close(_ peer: Int) {
        effects.append(.close(peer))
    }

    mutating func log(_ level: Logger.Level, _ text: String, metadata: [String: String] = [:]) {
        effects.append(.log(level, text, metadata: metadata))
    }

    // MARK: Messages

    /// Handles one message from a seated player or a spectator.
    mutating func receive(_ envelope: Envelope, from peerID: Int) {
        if let index = spectatorIndex[peerID] {
            return receive(envelope, fromSpectator: spectators[index])
        }
        guard let index = players.firstIndex(where: { $0.peer == peerID }) else { return }
        let peer = players[index].peer
        switch envelope.type {
        case .heartbeat:
            return
        case .hello:
            send(ErrorMessage(.alreadyWelcomed, inReplyTo: envelope.seq), to: peer)
        case .ready:
            guard let ready = decode(Ready.self, envelope, for: peer) else { return }
            // A room starts its games by vote: ready is accepted and changes nothing.
            if !isRoom { setReady(ready.ready, at: index) }
        case .start:
            // Only the host's player starts, at a locked table and in a room alike.
            guard players[index].isHost else {
                return send(ErrorMessage(.notHost, inReplyTo: envelope.seq), to: peer)
            }
            if isRoom {
                roomStartRequested(by: index, seq: envelope.seq)
            } else {
                startRequested(by: index, seq: envelope.seq)
            }
        case .move:
            move(envelope, from: index)
        case .typedMove:
            typedMove(envelope, from: index)
        case .rematch:
            if isRoom {
                send(ErrorMessage(.rematchInRoom, inReplyTo: envelope.seq), to: peer)
            } else {
                rematchRequested(by: index, seq: envelope.seq)
            }
        case .leave:
            remove(peerID: peerID, reason: .left)
        case .vote:
            if isRoom {
                vote(envelope, from: index)
            } else {
                send(ErrorMessage(.notARoom, inReplyTo: envelope.seq), to: peer)
            }
        case .predict:
            predict(envelope, from: peer, as: predictor(player: index))
        case .remove:
            removeRequested(envelope, from: index)
        case .endParty:
            endPartyRequested(by: index, seq: envelope.seq)
        case .audience:
            send(ErrorMessage(.notARelay, inReplyTo: envelope.seq), to: peer)
        case .welcome, .reject, .lobby, .view, .moveRejected, .gameOver, .playerLeft, .ended, .error, .room, .team, .predictions, .prediction:
            send(ErrorMessage(.unexpectedMessage(type: envelope.type.rawValue), inReplyTo: envelope.seq), to: peer)
        }
    }

    mutating func decode<Message: Decodable>(_ type: Message.Type, _ envelope: Envelope, for peer: Int) -> Message? {
        do {
            return try codec.decode(type, from: envelope)
        } catch {
            send(ErrorMessage(.malformed(error), inReplyTo: envelope.seq), to: peer)
            return nil
        }
    }

    mutating func setReady(_ ready: Bool, at index: Int) {
        guard players[index].ready != ready else { return }
        players[index].ready = ready
        broadcastLobby()
        startIfDue()
    }

    /// `start` from the host's player at a locked table.
    mutating func startRequested(by index: Int, seq: Int) {
        let player = players[index]
        if phase == .lobby { players[index].ready = true }
        if let problem = startProblem() {
            send(ErrorMessage(.cannotStart(detail: problem), inReplyTo: seq), to: player.peer)
            broadcastLobby()
            return
        }
        startGame()
    }

    /// Ends the session: everyone is told (in a room, with the final scoreboard), then every
    /// connection closes.
    mutating func end(reason: String, message: String) {
        guard !ended else { return }
        ended = true
        endReason = reason
        let scoreboard = isRoom ? scoreboardLines() : nil
        let peers = players.map(\.peer) + spectators.map(\.peer)
        sendMany(Ended(reason: reason, message: message, scoreboard: scoreboard), to: peers)
        for peer in peers { close(peer) }
        players.removeAll()
        spectators.removeAll()
        spectatorIndex.removeAll()
        relays = (0, 0)
        effects.append(.ended)
    }

    // MARK: Status

    mutating func publishStatus() {
        let status: SessionStatus
        if isRoom {
            status = SessionStatus(players: players.count, maxPlayers: tableCapacity, state: roomState,
                                   joinable: players.count < tableCapacity, room: true,
                                   game: roomState == "choosing" ? nil : play?.current?.game ?? room?.plan?.game)
        } else {
            status = SessionStatus(players: players.count, maxPlayers: tableCapacity, state: phase.rawValue,
                                   joinable: players.count < tableCapacity && (phase != .playing || descriptor.joinInProgress || options.teams))
        }
        guard status != lastStatus else { return }
        lastStatus = status
        effects.append(.status(status))
    }
}
