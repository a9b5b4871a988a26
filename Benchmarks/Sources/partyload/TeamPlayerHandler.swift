import NIOCore
import PartyWire
import Synchronization

/// A lean player in a team (framed protocol, `hello.features` `teams`): says ready, proposes the
/// column the driver gives it, answers heartbeats, asks for a rematch after each game, and reports
/// when the awaited view arrives (`WatchBoard`). What it last saw is kept for the driver.
///
/// `@unchecked Sendable`: apart from `seen` (a mutex), its state is touched only on its channel's
/// event loop; the driver calls `propose` through that loop's `submit`.
final class TeamPlayerHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the driver reads of a player.
    struct Seen: Sendable {
        var game = 0
        var moves = 0
        var yourTurn = false
        var over = false
        var openColumns: UInt8 = 0
    }

    let board: WatchBoard
    let name: String
    let seen = Mutex(Seen())
    let codec = MessageCodec()
    var seq = 0
    var framing = FrameSplitter()
    var context: ChannelHandlerContext?
    var askedRematchFor = -1

    init(board: WatchBoard, index: Int) {
        self.board = board
        name = "p\(index)"
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        send(Hello(client: "partyload", name: name, features: ["teams"]), context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        board.problem("player \(name) closed")
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let arrived = NIODeadline.now().uptimeNanoseconds
        do {
            try framing.split(unwrapInboundIn(data)) { frame in
                handle(frame, arrived: arrived, context: context)
                return true
            }
        } catch {
            board.problem("player: \(error)")
            context.close(promise: nil)
        }
    }

    func handle(_ frame: ByteBuffer, arrived: UInt64, context: ChannelHandlerContext) {
        if let view = LeanView.scan(frame) {
            let game = frame.withUnsafeReadableBytes { bytes in
                LeanView.find(Array(#""game":"#.utf8), in: bytes).flatMap { LeanView.number(at: $0, in: bytes) } ?? 0
            }
            seen.withLock {
                $0 = Seen(game: game, moves: view.view.moves, yourTurn: view.yourTurn, over: view.view.over,
                          openColumns: view.view.openColumns)
            }
            board.playerSaw(WatchBoard.key(game: game, moves: view.view.moves), at: arrived)
            return
        }
        if let lobby = LeanLobby.scan(frame) {
            if lobby.over, askedRematchFor != lobby.gamesPlayed {
                askedRematchFor = lobby.gamesPlayed
                send(Rematch(), context: context)
            }
            return
        }
        frame.withUnsafeReadableBytes { bytes in
            if bytes.starts(with: Array(#"{"type":"welcome""#.utf8)) {
                send(Ready(ready: true), context: context)
            } else if bytes.starts(with: Array(#"{"type":"heartbeat""#.utf8)) {
                send(Heartbeat(), context: context)
            } else if bytes.starts(with: Array(#"{"type":"moveRejected""#.utf8)) {
                board.proposalsRejected.wrappingAdd(1, ordering: .relaxed)
            } else if bytes.starts(with: Array(#"{"type":"reject""#.utf8)) || bytes.starts(with: Array(#"{"type":"ended""#.utf8)) {
                board.problem(String(decoding: bytes.prefix(160), as: UTF8.self))
            }
        }
    }

    /// Proposes `column` (on the player's event loop).
    func propose(column: Int) {
        guard let context else { return }
        seq += 1
        context.writeAndFlush(wrapOutboundOut(FramePrepender.frame(of: MoveFrame.body(seq: seq, column: column))), promise: nil)
    }

    func send(_ message: some WireMessage, context: ChannelHandlerContext) {
        seq += 1
        guard let body = try? codec.encode(message, seq: seq) else { return }
        context.writeAndFlush(wrapOutboundOut(FramePrepender.frame(of: body)), promise: nil)
    }
}
