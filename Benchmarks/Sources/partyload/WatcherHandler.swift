import NIOCore
import PartyKit
import PartyWire

/// A lean browser watcher: opens the host's WebSocket, says hello as a spectator (asking for the
/// predictions split), answers heartbeats, and reports when each view arrives (`WatchBoard`). With
/// `predictWithin` it predicts a random seat once per game, at a random moment within that many
/// milliseconds of the game's first view, and times the answer.
///
/// It reads only the fields it needs straight from the text (the host sends whole views), and it
/// is the connection's only handler, so what it costs per view is little next to the host's work.
///
/// `@unchecked Sendable`: its state is touched only on its channel's event loop (the driver
/// reaches the floor's mover through `loop.submit`), never from two threads.
final class WatcherHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let board: WatchBoard
    let port: Int
    let name: String
    let role: String
    let predictWithin: Int?
    /// Where the WebSocket opens (`/ws`; a served room's watcher: `/ABCD/ws?watch`).
    let path: String
    /// A served room's code, for the hello.
    let room: String?
    var random: SeededRandom
    var seq = 0
    var upgraded = false
    var pending: ByteBuffer?
    var context: ChannelHandlerContext?
    /// The last game whose first view was seen (one prediction each).
    var predictedGame = -1
    /// When the unanswered prediction went out.
    var predictSentAt: UInt64 = 0
    /// The latest view seen (for the floor's mover, which picks columns from it).
    var lastView: LeanView?
    var lastGame = 0
    /// The key of the last Rock Paper Scissors view seen.
    var lastThrowKey = -1

    init(board: WatchBoard, port: Int, index: Int, role: String = "spectator", predictWithin: Int?, path: String = "/ws",
         room: String? = nil) {
        self.board = board
        self.port = port
        self.path = path
        self.room = room
        name = "w\(index)"
        self.role = role
        self.predictWithin = predictWithin
        random = SeededRandom(seed: UInt64(index) &+ 7)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        var request = context.channel.allocator.buffer(capacity: 200)
        request.writeString(WebSocketClientFrames.upgradeRequest(port: port, path: path))
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        board.closed.wrappingAdd(1, ordering: .relaxed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        board.problem("watcher: \(error)")
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let arrived = NIODeadline.now().uptimeNanoseconds
        var bytes = unwrapInboundIn(data)
        if var buffer = pending {
            buffer.writeBuffer(&bytes)
            pending = nil
            bytes = buffer
        }
        if !upgraded {
            let view = bytes.readableBytesView
            guard let end = view.firstRange(of: Array("\r\n\r\n".utf8)) else {
                pending = bytes
                return
            }
            guard view.starts(with: Array("HTTP/1.1 101".utf8)) else {
                board.problem("no upgrade: \(String(decoding: view.prefix(60), as: UTF8.self))")
                context.close(promise: nil)
                return
            }
            bytes.moveReaderIndex(to: end.upperBound)
            upgraded = true
            var hello = Hello(client: "partyload", name: name, role: role)
            if role == "spectator" { hello.features = ["predictions"] }
            hello.room = room
            send(hello, context: context)
        }
        while let (opcode, payload) = WebSocketClientFrames.next(in: &bytes) {
            switch opcode {
            case 0x1: text(payload, arrived: arrived, context: context)
            case 0x8: context.close(promise: nil)
            default: break
            }
        }
        if bytes.readableBytes > 0 { pending = bytes }
    }

    /// One message from the host.
    func text(_ body: ByteBuffer, arrived: UInt64, context: ChannelHandlerContext) {
        board.watcherMessages.wrappingAdd(1, ordering: .relaxed)
        body.withUnsafeReadableBytes { bytes in
            if bytes.starts(with: Keys.view) {
                board.views.wrappingAdd(1, ordering: .relaxed)
                guard let gameAt = LeanView.find(Keys.game, in: bytes), let game = LeanView.number(at: gameAt, in: bytes) else { return }
                guard let movesAt = LeanView.find(Keys.moves, in: bytes), let moves = LeanView.number(at: movesAt, in: bytes) else {
                    // Rock Paper Scissors: keyed by its round and throws; a view repeated (its clock) counts once.
                    if role == "spectator", let key = Self.throwKey(game: game, in: bytes), key != lastThrowKey {
                        lastThrowKey = key
                        board.watcherSaw(key, at: arrived)
                    }
                    return
                }
                if role == "spectator" {
                    board.watcherSaw(WatchBoard.key(game: game, moves: moves), at: arrived)
                } else {
                    lastView = LeanView.scan(body)
                    lastGame = game
                }
                if let within = predictWithin, game != predictedGame, moves == 0 {
                    predictedGame = game
                    schedulePrediction(within: within, context: context)
                }
            } else if bytes.starts(with: Keys.heartbeat) {
                send(Heartbeat(), context: context)
            } else if bytes.starts(with: Keys.predictions) {
                board.splits.wrappingAdd(1, ordering: .relaxed)
            } else if bytes.starts(with: Keys.prediction) || (predictSentAt != 0 && bytes.starts(with: Keys.error)) {
                guard predictSentAt != 0 else { return }
                board.predictionAnswered(sent: predictSentAt, arrived: arrived, refused: bytes.starts(with: Keys.error))
                predictSentAt = 0
            } else if bytes.starts(with: Keys.welcome) {
                board.welcomed.wrappingAdd(1, ordering: .relaxed)
            } else if bytes.starts(with: Keys.reject) || bytes.starts(with: Keys.error) || bytes.starts(with: Keys.ended) {
                board.problem(String(decoding: bytes.prefix(160), as: UTF8.self))
            }
        }
    }

    /// Predicts a random seat of the two at a random moment within `within` ms.
    func schedulePrediction(within: Int, context: ChannelHandlerContext) {
        let delay = Int64(random.next() % UInt64(max(1, within)))
        let seat = Int(random.next() % 2)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(delay)) {
            let handler = bound.value
            guard let context = handler.context else { return }
            handler.predictSentAt = NIODeadline.now().uptimeNanoseconds
            handler.board.predictionsSent.wrappingAdd(1, ordering: .relaxed)
            handler.send(Predict(seat: seat), context: context)
        }
    }

    /// Sends a move (the floor's mover).
    func move(column: Int) {
        guard let context else { return }
        seq += 1
        context.writeAndFlush(wrapOutboundOut(WebSocketClientFrames.textFrame(MoveFrame.body(seq: seq, column: column),
                                                                              allocator: context.channel.allocator)), promise: nil)
    }

    func send(_ message: some WireMessage, context: ChannelHandlerContext) {
        seq += 1
        guard let body = try? MessageCodec().encode(message, seq: seq) else { return }
        context.writeAndFlush(wrapOutboundOut(WebSocketClientFrames.textFrame(body, allocator: context.channel.allocator)), promise: nil)
    }

    /// `WatchBoard.throwKey` of a Rock Paper Scissors view of game `game`.
    static func throwKey(game: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let roundAt = LeanView.find(Keys.round, in: bytes), let round = LeanView.number(at: roundAt, in: bytes) else { return nil }
        let revealed = LeanView.find(Keys.choosing, in: bytes) == nil
        var thrown = 0, from = 0
        let chosen = Keys.chosen
        while from + chosen.count <= bytes.count {
            if bytes[from] == chosen[0], bytes[from..<from + chosen.count].elementsEqual(chosen) {
                thrown += 1
                from += chosen.count
            } else {
                from += 1
            }
        }
        return WatchBoard.throwKey(game: game, round: round, thrown: thrown, revealed: revealed)
    }

    private enum Keys {
        static let round = Array(#""round":"#.utf8)
        static let choosing = Array(#""phase":"choosing""#.utf8)
        static let chosen = Array(#""chosen":true"#.utf8)
        static let view = Array(#"{"type":"view","#.utf8)
        static let heartbeat = Array(#"{"type":"heartbeat""#.utf8)
        static let predictions = Array(#"{"type":"predictions""#.utf8)
        static let prediction = Array(#"{"type":"prediction""#.utf8)
        static let welcome = Array(#"{"type":"welcome""#.utf8)
        static let reject = Array(#"{"type":"reject""#.utf8)
        static let error = Array(#"{"type":"error""#.utf8)
        static let ended = Array(#"{"type":"ended""#.utf8)
        static let game = Array(#""game":"#.utf8)
        static let moves = Array(#""moves":"#.utf8)
    }
}
