import FourInARow
import NIOCore
import PartyKit
import PartyWire

/// A lean Four in a Row client on the event loop: says hello, plays a legal move as soon as it is
/// its turn, asks for rematches, sends heartbeats, and times every move until the view that shows it.
///
/// In `idle` mode it only says hello and keeps the connection alive with heartbeats.
///
/// It is the connection's only handler (it splits frames and writes whole ones itself), as the
/// relay floor's clients are: what it costs per move is counted with the host's.
final class GameClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the client does once seated.
    enum Mode {
        /// Say ready and play every turn at once.
        case play
        /// Say hello, then only heartbeats.
        case idle
    }

    let mode: Mode
    let stats: LoadStats
    let name: String
    let codec = MessageCodec()
    var random: SeededRandom
    var seq = 0
    var sentAt: UInt64?
    var movesAtSend = 0
    var lastView: LeanView.Board?
    var askedRematchFor = -1
    var heartbeat: RepeatedTask?
    /// Frames are split here, as the host splits them: this is the connection's only handler.
    var framing = FrameSplitter()

    init(mode: Mode, stats: LoadStats, name: String, seed: UInt64) {
        self.mode = mode
        self.stats = stats
        self.name = name
        random = SeededRandom(seed: seed)
    }

    func channelActive(context: ChannelHandlerContext) {
        send(Hello(client: "partyload", name: name, bot: true), context: context)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        heartbeat = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(3), delay: .seconds(3)) { _ in
            let (handler, context) = loopBound.value
            handler.send(Heartbeat(), context: context)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        heartbeat?.cancel()
        heartbeat = nil
        stats.connectionClosed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        stats.refused("connection error: \(error)")
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let arrived = NIODeadline.now().uptimeNanoseconds
        do {
            try framing.split(unwrapInboundIn(data)) { frame in
                handle(frame, arrived: arrived, context: context)
                return true
            }
        } catch {
            stats.refused("\(error)")
            context.close(promise: nil)
        }
    }

    /// One frame body from the host.
    func handle(_ frame: ByteBuffer, arrived: UInt64, context: ChannelHandlerContext) {
        if mode == .play, let view = LeanView.scan(frame) {
            return viewArrived(view, at: arrived, context: context)
        }
        if mode == .play, let lobby = LeanLobby.scan(frame) {
            return lobbyArrived(over: lobby.over, gamesPlayed: lobby.gamesPlayed, context: context)
        }
        guard let envelope = try? codec.envelope(of: frame) else { return }
        switch envelope.type {
        case .welcome:
            stats.welcomed()
            if mode == .play { send(Ready(ready: true), context: context) }
        case .view:
            guard mode == .play, let message = try? codec.decode(LeanView.self, from: envelope) else { return }
            viewArrived(message, at: arrived, context: context)
        case .lobby:
            guard mode == .play, let lobby = try? codec.decode(Lobby.self, from: envelope) else { return }
            lobbyArrived(over: lobby.state == "over", gamesPlayed: lobby.gamesPlayed, context: context)
        case .moveRejected:
            stats.moveRejected()
            sentAt = nil
            if let view = lastView { play(view, context: context) }
        case .gameOver:
            stats.gameOver()
            sentAt = nil
            lastView = nil
        case .reject, .error, .ended:
            stats.refused("\(envelope.type.rawValue): \(String(decoding: envelope.body.readableBytesView.prefix(200), as: UTF8.self))")
        default:
            break
        }
    }

    /// Asks for a rematch, once per game, when the lobby says the game is over.
    func lobbyArrived(over: Bool, gamesPlayed: Int, context: ChannelHandlerContext) {
        guard over, askedRematchFor != gamesPlayed else { return }
        askedRematchFor = gamesPlayed
        send(Rematch(), context: context)
    }

    func viewArrived(_ message: LeanView, at arrived: UInt64, context: ChannelHandlerContext) {
        if let sent = sentAt, message.view.moves > movesAtSend {
            stats.recordMove(nanoseconds: arrived &- sent)
            sentAt = nil
        }
        lastView = message.view
        if message.yourTurn, sentAt == nil, !message.view.over {
            play(message.view, context: context)
        }
    }

    /// Drops a disc into a random column that is not full.
    func play(_ view: LeanView.Board, context: ChannelHandlerContext) {
        let free = view.openColumns
        guard free != 0 else { return }
        var pick = Int(random.next() % UInt64(free.nonzeroBitCount))
        var rest = free
        while pick > 0 {
            rest &= rest - 1
            pick -= 1
        }
        seq += 1
        let body = MoveFrame.body(seq: seq, column: rest.trailingZeroBitCount + 1)
        movesAtSend = view.moves
        // The clock starts once the move is encoded: the round trip is the wire, the host and back.
        sentAt = NIODeadline.now().uptimeNanoseconds
        context.writeAndFlush(wrapOutboundOut(FramePrepender.frame(of: body)), promise: nil)
    }

    func send(_ message: some WireMessage, context: ChannelHandlerContext) {
        seq += 1
        guard let body = try? codec.encode(message, seq: seq) else { return }
        context.writeAndFlush(wrapOutboundOut(FramePrepender.frame(of: body)), promise: nil)
    }
}

/// The part of a Four in a Row `view` message a load client acts on. The load clients share the
/// cores with the hosts they measure, so they decode only these fields (the host sends the whole view).
struct LeanView: Decodable {
    /// Whether this client moves next.
    var yourTurn: Bool
    /// The board, as far as choosing a column and timing a move needs it.
    var view: Board

    /// The open columns (bit 0 for column 1), moves so far, and whether the game is over.
    struct Board: Decodable {
        /// The columns whose top cell is empty, as bits: no array or string per move.
        var openColumns: UInt8
        var moves: Int
        var over: Bool

        enum CodingKeys: String, CodingKey { case board, moves, outcome }

        init(topRow: UnsafeRawBufferPointer, moves: Int, over: Bool) {
            openColumns = Self.open(topRow)
            self.moves = moves
            self.over = over
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let top = try container.decode([String].self, forKey: .board).first ?? ""
            openColumns = Array(top.utf8).withUnsafeBytes { Self.open($0) }
            moves = try container.decode(Int.self, forKey: .moves)
            over = try container.decodeIfPresent(String.self, forKey: .outcome) != nil
        }

        /// The bit mask of the `.` cells among the first seven of a row.
        static func open(_ row: UnsafeRawBufferPointer) -> UInt8 {
            var free: UInt8 = 0
            for column in 0..<min(7, row.count) where row[column] == UInt8(ascii: ".") {
                free |= 1 << column
            }
            return free
        }
    }
}
