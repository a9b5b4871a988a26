import PartyKit
import PartyWire

/// Everything the table refuses, in one typed vocabulary: a `hello` it does not admit (`reject`),
/// a message it will not act on (`error`, `moveRejected`). Each case has its wire `code` and one
/// sentence for people (`description`); the families that have their own order of checks keep
/// their own enums (`HostRejection` for moves, `RoomRejection` for votes, `PredictionRejection`
/// for predictions) and are cases here.
public enum Refusal: Error, Hashable, Sendable {
    // MARK: Admission (`reject`, then the connection closes)

    /// The session is ending.
    case shuttingDown
    /// The client's protocol version is not one the host speaks.
    case unsupportedVersion(client: Int)
    /// A party room needs protocol 2; the client speaks an older one.
    case roomNeedsProtocol2(client: Int)
    /// The client asked for another game than the one (or the menu) this session plays.
    case wrongGame(plays: String, asked: String, room: Bool)
    /// The name is over 1,024 bytes.
    case badName
    /// A bot's level is not one of the known levels.
    case badLevel
    /// The role is neither `player` nor `spectator`.
    case badRole
    /// Every seat is taken.
    case sessionFull(players: Int, capacity: Int)
    /// A game that takes no newcomers is running.
    case gameInProgress
    /// The spectators' limit is reached.
    case spectatorsFull(watching: Int)
    /// The token is unknown, expired or already used.
    case badToken
    /// Too many wrong join codes from this address lately.
    case tooManyAttempts(lockoutSeconds: Int64)
    /// The session needs a join code and the hello had none.
    case codeRequired
    /// The join code is wrong.
    case wrongCode
    /// The host holds as many connections as it takes (in all, or from this address).
    case tooManyConnections
    /// The first message was a `hello` the host could not read.
    case badHello(detail: String)
    /// On a party server: no live room has the code the client named (answered the same whether or
    /// not a room ever had it).
    case noSuchRoom
    /// On a party server: the client named no room (a framed hello without `room`).
    case roomRequired
    /// `relay` in `hello.features` from a connection that is not another node of the fleet.
    case relayRefused
    /// A player's hello (or a token) at a watchers' address (`/CODE/ws?watch`) of a node that
    /// relays the room.
    case watchOnly
    /// A node relaying the room to its watchers cannot reach the room's node.
    case roomUnreachable

    // MARK: Connection (`error`, fatal: the connection closes)

    /// No `hello` arrived in time.
    case handshakeTimeout
    /// Nothing arrived for too long.
    case silent
    /// The first message was not `hello`.
    case handshakeRequired(type: String)
    /// Messages kept coming too fast after a warning.
    case tooManyMessages

    // MARK: Messages (`error`, not fatal)

    /// A warning: messages are coming too fast.
    case slowDown
    /// A second `hello` on a welcomed connection.
    case alreadyWelcomed
    /// A message only the host sends.
    case unexpectedMessage(type: String)
    /// Only the host's player starts the game.
    case notHost
    /// The game cannot start now; `detail` says why.
    case cannotStart(detail: String)
    /// Only the VIP (the member holding the host's role) may do this.
    case notVIP(VIPRight)
    /// `remove` named nobody in the room, or the VIP themself.
    case cannotRemove(detail: String)
    /// A rematch while the game runs.
    case rematchWhilePlaying
    /// A rematch before any game ended.
    case rematchBeforeAnyGame
    /// A rematch in a party room (it votes for its next game instead).
    case rematchInRoom
    /// A vote in a session that plays one game.
    case notARoom
    /// A spectator sent a move.
    case spectatorMove
    /// A spectator sent something only players send.
    case spectatorOnly
    /// `audience`, or a `predict` naming a `watcher`, from a connection that is not a relay.
    case notARelay

    // MARK: Families with their own order of checks

    /// A move the host refuses before the rules see it.
    case move(HostRejection)
    /// A vote or choice the party room refuses.
    case room(RoomRejection)
    /// A prediction the audience refuses.
    case prediction(PredictionRejection)
    /// A frame or message the host could not read (bad JSON, a missing field, a sequence number
    /// that did not increase); the connection stays open.
    case malformed(WireError)

    /// The machine-readable reason sent on the wire (`reject.reason`, `error.reason`, `moveRejected.reason`).
    public var code: String {
        switch self {
        case .shuttingDown: "shuttingDown"
        case .unsupportedVersion, .roomNeedsProtocol2: "unsupportedVersion"
        case .wrongGame: "wrongGame"
        case .badName: "badName"
        case .badLevel: "badLevel"
        case .badRole: "badRole"
        case .sessionFull: "sessionFull"
        case .gameInProgress: "gameInProgress"
        case .spectatorsFull: "spectatorsFull"
        case .badToken: "badToken"
        case .tooManyAttempts: "tooManyAttempts"
        case .codeRequired: "codeRequired"
        case .wrongCode: "wrongCode"
        case .tooManyConnections: "tooManyConnections"
        case .badHello: "badHello"
        case .noSuchRoom: "noSuchRoom"
        case .roomRequired: "roomRequired"
        case .relayRefused: "relayRefused"
        case .watchOnly: "watchOnly"
        case .roomUnreachable: "roomUnreachable"
        case .notARelay: "notARelay"
        case .handshakeTimeout: "handshakeTimeout"
        case .silent: "timeout"
        case .handshakeRequired: "handshakeRequired"
        case .tooManyMessages: "tooManyMessages"
        case .slowDown: "slowDown"
        case .alreadyWelcomed: "alreadyWelcomed"
        case .unexpectedMessage: "unexpectedMessage"
        case .notHost: "notHost"
        case .cannotStart: "cannotStart"
        case .notVIP: "notVIP"
        case .cannotRemove: "cannotRemove"
        case .rematchWhilePlaying, .rematchBeforeAnyGame, .rematchInRoom: "noRematch"
        case .notARoom: "notARoom"
        case .spectatorMove, .spectatorOnly: "spectator"
        case .move(let rejection): rejection.code
        case .room(let rejection): rejection.code
        case .prediction(let rejection): rejection.code
        case .malformed(let error): error.reason
        }
    }

    /// Whether the connection closes after it (a `reject`, or a fatal `error`).
    public var closes: Bool {
        switch self {
        case .shuttingDown, .unsupportedVersion, .roomNeedsProtocol2, .wrongGame, .badName, .badLevel, .badRole, .sessionFull,
             .gameInProgress, .spectatorsFull, .badToken, .tooManyAttempts, .codeRequired, .wrongCode, .tooManyConnections,
             .badHello, .noSuchRoom, .roomRequired, .relayRefused, .watchOnly, .roomUnreachable, .handshakeTimeout, .silent, .handshakeRequired, .tooManyMessages:
            true
        default:
            false
        }
    }

    /// One of each case, for tests and documentation checks.
    public static let examples: [Refusal] = [
        .shuttingDown, .unsupportedVersion(client: 9), .roomNeedsProtocol2(client: 1),
        .wrongGame(plays: "Four in a Row", asked: "chess", room: false), .badName, .badLevel, .badRole,
        .sessionFull(players: 2, capacity: 2), .gameInProgress, .spectatorsFull(watching: 16), .badToken,
        .tooManyAttempts(lockoutSeconds: 60), .codeRequired, .wrongCode, .tooManyConnections, .badHello(detail: "The hello has no name."), .noSuchRoom, .roomRequired,
        .relayRefused, .watchOnly, .roomUnreachable, .handshakeTimeout, .silent, .handshakeRequired(type: "move"), .tooManyMessages, .slowDown, .alreadyWelcomed,
        .unexpectedMessage(type: "view"), .notHost, .cannotStart(detail: "Nobody has voted yet."),
        .notVIP(.remove), .cannotRemove(detail: "Nobody in the room has member id 9."), .rematchWhilePlaying,
        .rematchBeforeAnyGame, .rematchInRoom, .notARoom, .spectatorMove, .spectatorOnly, .notARelay,
        .move(.notYourTurn), .room(.notChoosing), .prediction(.closed), .malformed(.invalidJSON(detail: "unexpected end")),
    ]
}

extension Refusal: CustomStringConvertible {
    /// One sentence for the person refused.
    public var description: String {
        switch self {
        case .shuttingDown: "The session is ending."
        case .unsupportedVersion(let client):
            "This host speaks protocol \(WireProtocol.oldestVersion) or \(WireProtocol.version); your client speaks \(client). Please update."
        case .roomNeedsProtocol2(let client):
            "This is a party room (a different game each time); it needs protocol 2 and your client speaks \(client). Please update."
        case .wrongGame(let plays, let asked, let room): room ? "This party room plays \(plays), not \(asked)." : "This session plays \(plays), not \(asked)."
        case .badName: "That name is too long."
        case .badLevel: "A bot's level must be one of \(BotLevel.nameList)."
        case .badRole: "The role must be \"player\" or \"spectator\"."
        case .sessionFull(let players, let capacity): "The session is full (\(players) of \(capacity) players); you can watch instead."
        case .gameInProgress: "A game is in progress; watch it, or try again when it is over."
        case .spectatorsFull(let watching): "No more spectators fit (\(watching) are watching)."
        case .badToken: "That seat is no longer held for you (the token is unknown, expired or already used)."
        case .tooManyAttempts(let seconds): "Too many wrong codes from your address; try again in \(seconds) seconds."
        case .codeRequired: "This session needs a join code; ask the host for it."
        case .wrongCode: "That join code is wrong."
        case .tooManyConnections: "The host has too many connections; try again later."
        case .badHello(let detail): detail
        case .noSuchRoom: "No party has that code; check the four letters and try again."
        case .relayRefused: "Only another node of this party server may relay watchers."
        case .watchOnly: "This address is for watching; to play, open the room without ?watch."
        case .roomUnreachable: "The server holding this party cannot be reached right now; try again in a moment."
        case .roomRequired: "This is a party server with many rooms: name one (partyclient --room CODE, or the room's link)."
        case .handshakeTimeout: WatchdogTimeout.handshake.description
        case .silent: WatchdogTimeout.silentPeer.description
        case .handshakeRequired(let type): "The first message must be hello, not \(type)."
        case .tooManyMessages: "You sent messages too fast after a warning and were disconnected."
        case .slowDown: "You are sending messages too fast; slow down or you will be disconnected."
        case .alreadyWelcomed: "You are already seated; hello is sent once."
        case .unexpectedMessage(let type): "\"\(type)\" is sent by the host, not by clients."
        case .notHost: "Only the host's player starts the game."
        case .cannotStart(let detail): detail
        case .notVIP(let right): "Only the VIP can \(right.phrase)."
        case .cannotRemove(let detail): detail
        case .rematchWhilePlaying: "The game is still running."
        case .rematchBeforeAnyGame: "No game has ended yet; say ready instead."
        case .rematchInRoom: "In a party room, vote for the next game (the same one again if you like)."
        case .notARoom: "This session plays one game; there is nothing to vote for."
        case .spectatorMove: "Spectators cannot move; join as a player to play."
        case .spectatorOnly: "Spectators can only watch (and leave)."
        case .notARelay: "Only a fleet node's relay sends audience counts and its watchers' predictions."
        case .move(let rejection): rejection.description
        case .room(let rejection): rejection.description
        case .prediction(let rejection): rejection.description
        case .malformed(let error): error.description
        }
    }
}

extension Reject {
    /// The `reject` that says `refusal`.
    init(_ refusal: Refusal) {
        HostMetrics.refused(refusal.code)
        self.init(reason: refusal.code, message: refusal.description)
    }
}

extension ErrorMessage {
    /// The `error` that says `refusal`, fatal when the connection closes after it.
    init(_ refusal: Refusal, inReplyTo seq: Int? = nil) {
        HostMetrics.refused(refusal.code)
        self.init(reason: refusal.code, message: refusal.description, inReplyTo: seq, fatal: refusal.closes)
    }
}

extension MoveRejected {
    /// The `moveRejected` that says `refusal`.
    init(_ refusal: Refusal, inReplyTo seq: Int) {
        HostMetrics.refused(refusal.code)
        self.init(inReplyTo: seq, reason: refusal.code, message: refusal.description)
    }
}
