import FourInARow
import Foundation
import Logging
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Snap
import TwentyFour
import Synchronization

/// Runs a party room on loopback for the duration of `body`, then shuts it down; returns what
/// `body` returned and the room's report.
func withRoom<T: Sendable>(
    _ settings: RoomSettings,
    options: HostOptions = .test(),
    _ body: @Sendable (PartyRoomHost, Int) async throws -> T
) async throws -> (T, RoomReport) {
    var logger = Logger(label: "test-room")
    logger.logLevel = ProcessInfo.processInfo.environment["ROOM_TEST_LOG"] == nil ? .warning : .info
    let host = PartyRoomHost(room: settings, options: options, logger: logger)
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    return try await withThrowingTaskGroup(of: RoomReport?.self) { group in
        group.addTask {
            try await host.run { address in portContinuation.yield(address.port ?? 0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        do {
            let result = try await body(host, port)
            host.shutdown()
            var report: RoomReport?
            while let next = try await group.next() { report = next ?? report }
            return (result, report ?? RoomReport(sessionName: "", games: [], standings: []))
        } catch {
            host.shutdown()
            try? await group.waitForAll()
            throw error
        }
    }
}

/// Plays one game's views with that game's own bot (a room test client's hands for that game).
protocol RoomTestHands {
    /// The move to send for `envelope` (a view of game `number` seen from `seat`), if any.
    mutating func move(for envelope: Envelope, seat: Int, number: Int) -> (any WireMessage)?
}

/// `RoomTestHands` for `Game`, with its bot at the standard level.
struct BotHands<Game: PartyGame>: RoomTestHands {
    let seed: UInt64
    var bot: Game.Bot?
    var playing: (seat: Int, number: Int)?
    let codec = MessageCodec()
    let start = ContinuousClock.now

    init(seed: UInt64) { self.seed = seed }

    mutating func move(for envelope: Envelope, seat: Int, number: Int) -> (any WireMessage)? {
        guard let message = try? codec.decode(ViewMessage<Game.Rules.View>.self, from: envelope) else { return nil }
        if playing?.seat != seat || playing?.number != number || bot == nil {
            bot = Game.Bot(seat: SeatID(seat), seed: seed &+ UInt64(number), level: .standard)
            playing = (seat, number)
        }
        let elapsed = ContinuousClock.now - start
        guard let plan = bot?.plan(for: message.view, at: GameInstant(milliseconds: elapsed.wholeMilliseconds)) else { return nil }
        return MoveMessage(move: plan.move)
    }
}

/// Everything one room test client saw, shared with the test while the client plays.
final class RoomLog: Sendable {
    struct State: Sendable {
        var welcomes: [Welcome] = []
        var rooms: [RoomMessage] = []
        var lobby: Lobby?
        var lobbies: [Lobby] = []
        var gameOvers: [GameOver] = []
        var errors: [ErrorMessage] = []
        var rejected: [MoveRejected] = []
        /// View messages received per game number.
        var views: [Int: Int] = [:]
        /// Message types in arrival order.
        var types: [String] = []
        var ended: Ended?
        var closed = false
        /// The room message in force when each game started (state `playing`), by game number.
        var started: [Int: RoomMessage] = [:]
    }

    let state = Mutex(State())

    /// A copy of what was seen so far.
    var seen: State { state.withLock { $0 } }

    /// Waits (polling, up to `limit`) until `condition` holds; false when it never did.
    func wait(atMost limit: Duration = .seconds(90), until condition: (State) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(seen) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(seen)
    }
}

/// How a room test client behaves.
struct RoomScript: Sendable {
    /// The game to vote for, by the room's game number (none: do not vote).
    var votes: [Int: String] = [:]
    /// Vote only once this many members are present (so every game has the whole table).
    var quorum = 1
    /// Leave the loop (the caller then cuts the connection) when `gameOver` of this game arrives.
    var dropAfterGame: Int?
}

/// Why a room test client's loop ended.
enum RoomClientEnd: Sendable, Equatable {
    case ended, disconnected, dropped
}

/// The games room tests play, each with its bot's hands.
func roomHands(seed: UInt64) -> [String: any RoomTestHands] {
    [
        "fourinarow": BotHands<FourInARowGame>(seed: seed),
        "twentyfour": BotHands<TwentyFourGame>(seed: seed),
        "rps": BotHands<RockPaperScissorsGame>(seed: seed),
        "snap": BotHands<SnapGame>(seed: seed),
    ]
}

/// Reads `connection`'s events into `log`, votes as `script` says and plays every game it is
/// seated in with that game's bot, until the session ends, the connection goes, or the script drops.
func playRoom(_ connection: PartyConnection, welcome: Welcome, log: RoomLog, script: RoomScript, seed: UInt64) async -> RoomClientEnd {
    log.state.withLock { $0.welcomes.append(welcome) }
    var hands = roomHands(seed: seed)
    var room: RoomMessage?
    var lobby: Lobby?
    var votedFor = (0, 0)
    // A client that answers every view with a move answers as fast as the game moves: in a fast
    // game with a team (whose second member's move is refused, the seat having moved) that passed
    // the host's limit of 20 messages a second, and the host disconnected it. At most one move
    // every 60 ms (the others wait, in order), as a person's client would.
    var lastMove = ContinuousClock.now - .seconds(1)
    for await event in connection.events {
        switch event {
        case .room(let message):
            if ProcessInfo.processInfo.environment["ROOM_TEST_LOG"] != nil {
                print("ROOM \(welcome.name) #\(message.number) \(message.state) you=\(message.you ?? -1) votes=\(message.votes.map(\.game)) \(message.message)")
            }
            room = message
            log.state.withLock {
                $0.types.append("room")
                $0.rooms.append(message)
                if message.state == "playing", $0.started[message.number] == nil { $0.started[message.number] = message }
            }
            // Vote once the game can be played by those present (a vote for it before is refused).
            if message.state == "choosing", let you = message.you, let game = script.votes[message.number],
               message.scoreboard.filter(\.present).count >= script.quorum,
               !message.votes.contains(where: { $0.member == you }), message.menu.contains(where: { $0.id == game && $0.playable }),
               votedFor != (message.number, message.menu.filter(\.playable).count) {
                votedFor = (message.number, message.menu.filter(\.playable).count)
                connection.send(Vote(game: game))
            }
        case .lobby(let message):
            lobby = message
            log.state.withLock {
                $0.types.append("lobby")
                $0.lobby = message
                $0.lobbies.append(message)
            }
        case .view(let envelope):
            let number = room?.number ?? 0
            log.state.withLock {
                $0.types.append("view")
                $0.views[number, default: 0] += 1
            }
            guard room?.state == "playing", let game = room?.current?.game, let lobby, let seat = lobby.you,
                  lobby.players.first(where: { $0.seat == seat })?.watching != true, var mine = hands[game] else { continue }
            let move = mine.move(for: envelope, seat: seat, number: number)
            hands[game] = mine
            if let move {
                let wait = lastMove + .milliseconds(60) - ContinuousClock.now
                if wait > .zero { try? await Task.sleep(for: wait) }
                lastMove = ContinuousClock.now
                connection.send(move)
            }
        case .gameOver(let message):
            log.state.withLock {
                $0.types.append("gameOver")
                $0.gameOvers.append(message)
            }
            if script.dropAfterGame == room?.number { return .dropped }
        case .moveRejected(let message):
            log.state.withLock { $0.rejected.append(message) }
        case .error(let message):
            if ProcessInfo.processInfo.environment["ROOM_TEST_LOG"] != nil { print("ERROR \(welcome.name) \(message.message)") }
            log.state.withLock { $0.errors.append(message) }
        case .ended(let message):
            log.state.withLock {
                $0.types.append("ended")
                $0.ended = message
            }
        case .disconnected:
            log.state.withLock { $0.closed = true }
            return log.seen.ended == nil ? .disconnected : .ended
        default:
            continue
        }
    }
    log.state.withLock { $0.closed = true }
    return .ended
}

/// A protocol-2 hello for a room.
func roomHello(_ name: String, game: String? = nil, bot: Bool = false, role: String? = nil, hostKey: String? = nil,
               token: String? = nil, games: [String]? = nil) -> Hello {
    var hello = Hello(client: "test", name: name, game: game, hostKey: hostKey)
    hello.bot = bot ? true : nil
    hello.role = role
    hello.token = token
    hello.games = games
    return hello
}
