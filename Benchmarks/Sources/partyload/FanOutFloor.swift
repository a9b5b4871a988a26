import FourInARow
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import PartyKit
import PartyWire

/// The fan-out floor: the least a host must do to give every WebSocket watcher each view, with
/// none of `PartyHost`'s machinery. NIO's own HTTP upgrade and WebSocket codec (as the host uses),
/// one handler per connection on one event loop (the host's own thread, as `partyhost` runs);
/// it answers a hello with a bare welcome, applies each move of its one mover to Four in a Row's
/// rules, encodes the spectators' view once (`SharedMessage`, as the host does) and writes it to
/// every watcher with the watcher's own `seq`, flushing each; a heartbeat goes to everyone every
/// 3 s, as PROTOCOL.md section 11 asks.
///
/// What it leaves out: limits, queues, time limits, lobbies, teams, predictions, seats that
/// survive reconnection, bad input answered exactly.
enum FanOutFloor {
    /// Everyone connected, on the floor's event loop.
    ///
    /// `@unchecked Sendable`: touched only on the floor's one event loop (its handlers and its
    /// heartbeat task run there).
    final class Hub: @unchecked Sendable {
        // Touched only on the floor's event loop.
        var watchers: [FloorHandler] = []
        var rules = Hub.newGame(1)
        var game = 1
        let writer = ViewWriter<FourInARowView>.make()

        static func newGame(_ number: Int) -> FourInARow {
            FourInARow(setup: GameSetup(seats: [Seat(id: SeatID(0), name: "Red"), Seat(id: SeatID(1), name: "Yellow")],
                                        seed: UInt64(number), gameNumber: number))
        }

        func move(column: Int) {
            guard let seat = rules.currentSeat, (try? rules.apply(FourInARowMove(column: column), from: seat, at: .zero)) != nil else {
                return
            }
            broadcast()
            if rules.outcome != nil {
                game += 1
                rules = Self.newGame(game)
                broadcast()
            }
        }

        func broadcast() {
            let message = ViewMessage(game: game, view: rules.view(for: .spectator, at: .zero), yourTurn: false, deadlineMs: nil, writer: writer)
            guard let shared = SharedMessage(message) else { return }
            for watcher in watchers { watcher.send(shared) }
        }

        func heartbeat() {
            guard let shared = SharedMessage(Heartbeat()) else { return }
            for watcher in watchers { watcher.send(shared) }
        }
    }

    /// One WebSocket connection of the floor.
    final class FloorHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame
        let hub: Hub
        var context: ChannelHandlerContext?
        var seq = 0

        init(hub: Hub) {
            self.hub = hub
        }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            hub.watchers.removeAll { $0 === self }
        }

        func send(_ shared: SharedMessage) {
            guard let context else { return }
            seq += 1
            let body = shared.body(seq: seq, allocator: context.channel.allocator)
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: body)), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            guard frame.opcode == .text else {
                if frame.opcode == .connectionClose { context.close(promise: nil) }
                return
            }
            let text = frame.unmaskedData
            text.withUnsafeReadableBytes { bytes in
                if bytes.starts(with: Array(#"{"type":"hello""#.utf8)) {
                    seq += 1
                    var welcome = context.channel.allocator.buffer(capacity: 64)
                    welcome.writeString(#"{"type":"welcome","seq":\#(seq)}"#)
                    context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: welcome)), promise: nil)
                    hub.watchers.append(self)
                    // The newcomer's first view, as the host sends one.
                    if let shared = SharedMessage(ViewMessage(game: hub.game, view: hub.rules.view(for: .spectator, at: .zero), yourTurn: false,
                                                              deadlineMs: nil, writer: hub.writer)) {
                        send(shared)
                    }
                } else if bytes.starts(with: Array(#"{"type":"move""#.utf8)),
                          let at = LeanView.find(Array(#""column":"#.utf8), in: bytes), let column = LeanView.number(at: at, in: bytes) {
                    hub.move(column: column)
                }
            }
        }
    }

    /// The floor's own thread, as `partyhost` gives its host one.
    static let thread = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Listens on 127.0.0.1 on a thread of its own; returns the port and the channel.
    static func serve() async throws -> (port: Int, server: any Channel) {
        let loop = thread.next()
        let hub = Hub()
        _ = loop.scheduleRepeatedTask(initialDelay: .seconds(3), delay: .seconds(3)) { _ in hub.heartbeat() }
        let server = try await ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 65_536, automaticErrorHandling: false,
                        shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(FloorHandler(hub: hub))
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = server.localAddress?.port else { throw LoadError.noPort }
        return (port, server)
    }
}
