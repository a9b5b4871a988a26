import Dispatch
import NIOConcurrencyHelpers
import NIOCore

/// What every room of `serve-rooms` adds to: move latencies and counts, shared by all loops.
final class RoomTally: Sendable {
    struct State {
        var measuring = false
        var latencies: [UInt64] = []
        /// When each timed move was sent (uptime nanoseconds), beside `latencies`.
        var sentAt: [UInt64] = []
        var moves = 0
        var lost = 0
        var rejected = 0
        var welcomed = 0
        var games = 0
        var problems: [String] = []
    }
    let state = NIOLockedValueBox(State())
}

/// One room's eight clients on one event loop: votes for the game, moves every 1–2 s in
/// playing rooms, and times each move until every member has a view after it.
final class RoomDriver: @unchecked Sendable {
    let code: String
    let playing: Bool
    let game: String
    let loop: any EventLoop
    let tally: RoomTally
    var clients: [RoomClient] = []
    var welcomed = 0
    var roomNumber = 0
    var phase = ""
    var round = -1
    var movedThisRound: Set<Int> = []
    var pendingFrom: Int?
    var pendingAt: UInt64 = 0
    var pendingSeen: Set<Int> = []
    var random = SystemRandomNumberGenerator()
    /// The game number of the latest view.
    var gameNumber = 0
    /// Where the room's watchers report their views (`fleet-watchers`): each throw is awaited there.
    var watchBoard: WatchBoard?
    /// How many watchers there are, and each throw's move → the last watcher's view (ns) when all saw it.
    var watcherCount = 0
    var lastWatcherLatencies: [UInt64] = []

    init(code: String, playing: Bool, game: String, loop: any EventLoop, tally: RoomTally) {
        self.code = code
        self.playing = playing
        self.game = game
        self.loop = loop
        self.tally = tally
    }

    func welcomedOne() {
        welcomed += 1
        tally.state.withLockedValue { $0.welcomed += 1 }
        if welcomed == clients.count, playing {
            for client in clients { client.voteIfNeeded(number: roomNumber) }
            scheduleMove()
        }
    }

    func roomFrame(choosing: Bool, number: Int) {
        roomNumber = max(roomNumber, number)
        guard playing, choosing, welcomed == clients.count else { return }
        for client in clients { client.voteIfNeeded(number: number) }
    }

    func view(from index: Int, game: Int, round: Int, phase: String) {
        gameNumber = game
        if round != self.round || phase != self.phase {
            if round != self.round { movedThisRound = [] }
            self.round = round
            self.phase = phase
        }
        guard let _ = pendingFrom, pendingAt > 0 else { return }
        pendingSeen.insert(index)
        if pendingSeen.count == clients.count {
            let took = DispatchTime.now().uptimeNanoseconds - pendingAt
            tally.state.withLockedValue { if $0.measuring { $0.latencies.append(took); $0.sentAt.append(pendingAt); $0.moves += 1 } }
            pendingFrom = nil
        }
    }

    func rejected(index: Int) {
        tally.state.withLockedValue { $0.rejected += 1 }
        movedThisRound.insert(index)
        if pendingFrom == index { pendingFrom = nil }
    }

    func scheduleMove() {
        let delay = Int64.random(in: 1000...2000, using: &random)
        loop.scheduleTask(in: .milliseconds(delay)) { [self] in
            moveNow()
            scheduleMove()
        }
    }

    func moveNow() {
        if pendingFrom != nil {
            if DispatchTime.now().uptimeNanoseconds - pendingAt > 5_000_000_000 {
                tally.state.withLockedValue { if $0.measuring { $0.lost += 1 } }
                pendingFrom = nil
            } else { return }
        }
        guard phase == "choosing" else { return }
        let candidates = clients.indices.filter { !movedThisRound.contains($0) && clients[$0].open }
        guard let index = candidates.randomElement(using: &random) else { return }
        movedThisRound.insert(index)
        pendingFrom = index
        pendingSeen = []
        pendingAt = DispatchTime.now().uptimeNanoseconds
        if let watchBoard {
            // The previous throw's last watcher, then this throw awaited: the watchers' view after it.
            if tally.state.withLockedValue({ $0.measuring }), let last = watchBoard.lastWatcher(of: watcherCount) { lastWatcherLatencies.append(last) }
            let open = clients.indices.filter { clients[$0].open }.count
            let key = WatchBoard.throwKey(game: gameNumber, round: round, thrown: movedThisRound.count, revealed: movedThisRound.count >= open)
            watchBoard.await(key, sentAt: NIODeadline.now().uptimeNanoseconds)
        }
        let shape = ["rock", "paper", "scissors"].randomElement(using: &random)!
        clients[index].sendMove(#"{"shape":"\#(shape)"}"#)
    }
}

/// A lean framed client of `serve-rooms`: hello with the room's code, heartbeats, and a look at
/// the `type` (and for views `round` and `phase`) of what comes back, without the codec.
final class RoomClient: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let driver: RoomDriver
    let index: Int
    let name: String
    var context: ChannelHandlerContext?
    var buffer = ByteBuffer()
    var seq = 0
    var voted = 0
    var open = false
    var heartbeat: RepeatedTask?

    init(driver: RoomDriver, index: Int, name: String) {
        self.driver = driver
        self.index = index
        self.name = name
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        open = true
        send(#"{"type":"hello","protocol":2,"client":"partyload","clientVersion":"0","name":"\#(name)","game":"party","room":"\#(driver.code)""#)
        heartbeat = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(3), delay: .seconds(3)) { [self] _ in
            send(#"{"type":"heartbeat""#)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        open = false
        heartbeat?.cancel()
        self.context = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Writes `{… ,"seq":N}` as one frame; `head` is the object without its closing brace.
    func send(_ head: String) {
        guard let context else { return }
        seq += 1
        let body = head + #","seq":\#(seq)}"#
        var out = context.channel.allocator.buffer(capacity: body.utf8.count + 4)
        out.writeInteger(UInt32(body.utf8.count))
        out.writeString(body)
        context.writeAndFlush(wrapOutboundOut(out), promise: nil)
    }

    func sendMove(_ move: String) { send(#"{"type":"move","move":\#(move)"#) }

    func voteIfNeeded(number: Int) {
        guard number > voted else { return }
        voted = number
        send(#"{"type":"vote","game":"\#(driver.game)""#)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        buffer.writeBuffer(&incoming)
        while let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self),
              buffer.readableBytes >= 4 + Int(length) {
            buffer.moveReaderIndex(forwardBy: 4)
            let body = buffer.readString(length: Int(length)) ?? ""
            handle(body)
        }
        buffer.discardReadBytes()
    }

    func handle(_ body: String) {
        guard let type = Self.field(body, "type") else { return }
        switch type {
        case "welcome": driver.welcomedOne()
        case "room":
            let number = Int(Self.number(body, "number") ?? "") ?? 0
            driver.roomFrame(choosing: Self.field(body, "state") == "choosing", number: number)
        case "view":
            let round = Int(Self.number(body, "round") ?? "") ?? 0
            driver.view(from: index, game: Int(Self.number(body, "game") ?? "") ?? 0, round: round, phase: Self.field(body, "phase") ?? "")
        case "moveRejected": driver.rejected(index: index)
        case "gameOver": if index == 0 { driver.tally.state.withLockedValue { $0.games += 1 } }
        case "reject", "error":
            driver.tally.state.withLockedValue { if $0.problems.count < 10 { $0.problems.append(body) } }
        default: break
        }
    }

    /// The first string value of `"key":"…"` in `body`.
    static func field(_ body: String, _ key: String) -> String? {
        guard let range = body.range(of: "\"\(key)\":\"") else { return nil }
        let rest = body[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The first number value of `"key":N` in `body`.
    static func number(_ body: String, _ key: String) -> String? {
        guard let range = body.range(of: "\"\(key)\":") else { return nil }
        return String(body[range.upperBound...].prefix { $0.isNumber })
    }
}
