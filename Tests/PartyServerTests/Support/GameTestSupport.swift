import Foundation
import NIOCore
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing

/// A test client on a real connection that sees every host event plus a tick every 20 ms, so it
/// can wait with a time bound and play a game's bot the way the bot driver does.
struct LiveClient<Rules: GameRules> {
    /// One thing that happened: an event from the host, or a tick of the local clock.
    enum Input: Sendable {
        case event(ClientEvent)
        case tick
    }

    let connection: PartyConnection
    var table: TableState<Rules.View>
    var inputs: AsyncStream<Input>.AsyncIterator
    /// When the client connected, on this machine's clock.
    let connected = ContinuousClock.now
    /// Every refused move, in order.
    var rejections: [MoveRejected] = []
    /// Every departure announced, in order.
    var departures: [PlayerLeft] = []
    /// Every view received, in order, with the index of the departure count when it arrived.
    var views: [(view: Rules.View, departuresSeen: Int)] = []

    /// Local time since the client connected, as bots see it.
    var now: GameInstant {
        let elapsed = ContinuousClock.now - connected
        return GameInstant(milliseconds: elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The latest view.
    var view: Rules.View? { table.view }

    /// Sends a move.
    func move(_ move: Rules.Move) {
        connection.send(MoveMessage(move: move))
    }

    /// Reads the next input and records it; nil when the connection is gone.
    mutating func step() async -> Input? {
        guard let input = await inputs.next() else { return nil }
        if case .event(let event) = input {
            switch event {
            case .moveRejected(let rejection): rejections.append(rejection)
            case .playerLeft(let left): departures.append(left)
            default: break
            }
            if table.apply(event) == .view, let view = table.view {
                views.append((view, departures.count))
            }
        }
        return input
    }

    /// Reads until `condition` holds (true), or the connection closes or `limit` passes (false).
    mutating func wait(atMost limit: Duration = .seconds(30), until condition: (Self) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition(self) {
            guard ContinuousClock.now < deadline, table.closed == nil, await step() != nil else { return false }
        }
        return true
    }

    /// The next move rejection, or nil if none arrives within `limit`.
    mutating func nextRejection(atMost limit: Duration = .seconds(120)) async -> MoveRejected? {
        let seen = rejections.count
        guard await wait(atMost: limit, until: { $0.rejections.count > seen }) else { return nil }
        return rejections[seen]
    }

    /// Plays `Game`'s bot as the bot driver does — a plan after every view, sent when due, a later
    /// retry after a refusal — until `condition` holds (true) or the connection closes or `limit`
    /// passes (false). `sent` sees every move as it goes out.
    mutating func play<Game: PartyGame>(
        _: Game.Type, seed: UInt64, atMost limit: Duration = .seconds(40),
        sent: (Rules.Move) -> Void = { _ in }, until condition: (Self) -> Bool
    ) async -> Bool where Game.Rules == Rules {
        let deadline = ContinuousClock.now + limit
        var bot = Game.Bot(seat: table.seat, seed: seed)
        var botGame = 0
        var plan: BotPlan<Rules.Move>?
        while !condition(self) {
            guard ContinuousClock.now < deadline, table.closed == nil, let input = await step() else { return false }
            switch input {
            case .tick:
                if let due = plan, due.at <= now {
                    plan = nil
                    move(due.move)
                    sent(due.move)
                }
            case .event(.view):
                guard let view = table.view else { continue }
                if table.game != botGame {
                    botGame = table.game
                    bot = Game.Bot(seat: table.seat, seed: seed &+ UInt64(botGame))
                }
                plan = bot.plan(for: view, at: now)
            case .event(.moveRejected):
                if let view = table.view, table.playing, var next = bot.plan(for: view, at: now) {
                    next.at = max(next.at, now.adding(milliseconds: 300))
                    plan = next
                }
            case .event(.gameOver):
                plan = nil
            case .event:
                continue
            }
        }
        return true
    }
}

/// Joins the host on `port` as a `LiveClient` and runs `body`; the client leaves when `body` returns
/// (or earlier, with `client.connection.leave()`). Calls nest, so one test can drive several clients.
func withLiveClient<Rules: GameRules, T: Sendable>(
    _: Rules.Type, port: Int, name: String, bot: Bool = false,
    _ body: (inout LiveClient<Rules>) async throws -> T
) async throws -> T {
    let hello = Hello(client: "test", name: name, game: Rules.descriptor.id, bot: bot ? true : nil)
    let address = HostAddress(host: "127.0.0.1", port: port)
    return try await withoutActuallyEscaping(body) { body in
        let script = InlineBody(run: body)
        return try await PartyConnection.withConnection(to: address, hello: hello, timeouts: .patient) { connection, welcome in
            let (inputs, feed) = AsyncStream<LiveClient<Rules>.Input>.makeStream()
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in connection.events { feed.yield(.event(event)) }
                    feed.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(20))
                        if case .terminated = feed.yield(.tick) { return }
                    }
                }
                var client = LiveClient<Rules>(connection: connection, table: TableState(welcome: welcome),
                                               inputs: inputs.makeAsyncIterator())
                defer {
                    feed.finish()
                    group.cancelAll()
                }
                return try await script.run(&client)
            }
        }
    }
}

/// A test script handed through `PartyConnection.withConnection`, whose body must be `@Sendable`.
///
/// `@unchecked` is sound here: `withConnection` calls its body exactly once and awaits it in the
/// calling task (inside its task group's body, never in a child task), so `run` is never called
/// concurrently or from another task, and it does not outlive `withLiveClient` (it is only made
/// escapable by `withoutActuallyEscaping` for that call).
private struct InlineBody<Rules: GameRules, T>: @unchecked Sendable {
    let run: (inout LiveClient<Rules>) async throws -> T
}

extension HostOptions {
    /// Test options for a dedicated host (no host player) that starts at `startAt` players.
    static func dedicated(startAt: Int?, seed: UInt64 = 42) -> HostOptions {
        var options = HostOptions.test()
        options.seed = seed
        options.startAt = startAt
        return options
    }

    /// The seed the session passes to its first game: the first draw of its seeded generator.
    static func firstGameSeed(hostSeed: UInt64) -> UInt64 {
        var random = SeededRandom(seed: hostSeed)
        return random.next()
    }
}

/// One frame as a raw client received it.
struct RecordedFrame: Sendable {
    /// The frame's JSON text as sent.
    var text: String

    /// The parsed JSON object (empty if the text is not one).
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The message type.
    var type: String { object["type"] as? String ?? "?" }

    /// The frame decoded as a view message of `View`, if it is one.
    func view<View: Codable & Sendable>(_: View.Type) -> ViewMessage<View>? {
        guard type == "view" else { return nil }
        return try? JSONDecoder().decode(ViewMessage<View>.self, from: Data(text.utf8))
    }

    /// Every string anywhere in the frame (values, not keys).
    var strings: [String] { Self.strings(in: object) }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.values.flatMap(strings(in:))
        default: []
        }
    }

    /// Every number literal in the JSON text, exactly as written (outside string literals).
    var numberTokens: [String] {
        var tokens: [String] = []
        var current = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" {
                inString = true
            } else if character.isNumber || "-+.eE".contains(character) {
                current.append(character)
                continue
            }
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens.filter { $0.contains(where: \.isNumber) }
    }
}

extension RawClient {
    /// The next frame, text and object, or nil when the host closed the connection.
    mutating func nextFrame() async throws -> RecordedFrame? {
        while true {
            if let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: UInt32.self),
               buffer.readableBytes >= 4 + Int(length) {
                buffer.moveReaderIndex(forwardBy: 4)
                return RecordedFrame(text: buffer.readString(length: Int(length)) ?? "")
            }
            guard var more = try await inbound.next() else { return nil }
            buffer.writeBuffer(&more)
        }
    }

    /// Sends a game move, encoded exactly as the typed client would.
    mutating func sendMove<Move: Encodable>(_ move: Move) async throws {
        let json = String(decoding: try JSONEncoder().encode(move), as: UTF8.self)
        try await send("move", "\"move\": \(json)")
    }
}

extension RawClient {
    /// Says hello as `name` and records every frame of a whole game: says ready after the welcome,
    /// answers heartbeats, hands each view to `onView` (which may move), and returns at `gameOver`
    /// (recording an issue if the game does not end within `limit`).
    mutating func recordGame(
        as name: String, limit: Duration = .seconds(50),
        onView: (inout RawClient, RecordedFrame) async throws -> Void
    ) async throws -> [RecordedFrame] {
        var frames: [RecordedFrame] = []
        try await hello(name)
        let deadline = ContinuousClock.now + limit
        var readySent = false
        while ContinuousClock.now < deadline, let frame = try await nextFrame() {
            frames.append(frame)
            switch frame.type {
            case "welcome" where !readySent:
                readySent = true
                try await send("ready", "\"ready\": true")
            case "heartbeat":
                try await send("heartbeat")
            case "gameOver":
                return frames
            case "view":
                try await onView(&self, frame)
            default:
                continue
            }
        }
        Issue.record("the game did not end in time")
        return frames
    }
}
