import FourInARow
import NIOCore
import NIOPosix
import PartyKit
import PartyWire
import Synchronization

/// The throughput floor: the traffic of many two-player games with no game behind it. Each relay
/// server pairs two connections; a "move" of the move frame's size from one makes the server send
/// a "view" of the view frame's size to both, the other's marked as its turn, which answers at once.
/// The same sockets, loops, message sizes and system calls per move as `throughput`, and no work.
enum RelayFloor {
    /// Moves relayed by every server of the run.
    static let moves = Atomic<Int>(0)

    /// What one run of the floor measured.
    struct Measurement {
        /// Moves relayed per second.
        var rate: Double
        /// Moves relayed while measuring.
        var moves: Int
        /// The CPU time those moves took.
        var cpu: ProcessCPU
        /// The byte sizes of a move frame and a view frame, length included.
        var moveSize: Int
        var viewSize: Int
    }

    /// The byte sizes of one move frame and one view frame of a Four in a Row game twelve moves in.
    static func frameSizes() throws -> (move: Int, view: Int) {
        let codec = MessageCodec()
        let move = try codec.encode(MoveMessage(move: FourInARowMove(column: 4)), seq: 100).readableBytes
        let seats = [Seat(id: SeatID(0), name: "load-1"), Seat(id: SeatID(1), name: "load-2")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        for column in [4, 4, 3, 5, 5, 3, 6, 2, 2, 6, 7, 7] {
            guard let seat = state.currentSeat else { break }
            try state.apply(FourInARowMove(column: column), from: seat, at: .zero)
        }
        let view = ViewMessage(game: 1, view: state.view(for: .seat(SeatID(0)), at: .zero), yourTurn: true, deadlineMs: nil)
        let viewBytes = try codec.encode(view, seq: 100).readableBytes
        return (4 + move, 4 + viewBytes)
    }

    /// One server's two connections: a move from either sends the view to both.
    final class Table: @unchecked Sendable {
        // Touched only on the server's event loop.
        var seats: [any Channel] = []
        let view: ByteBuffer

        init(viewSize: Int) {
            view = ByteBuffer(repeating: 0, count: viewSize)
        }

        func relay(from mover: any Channel) {
            guard seats.count == 2 else { return }
            RelayFloor.moves.wrappingAdd(1, ordering: .relaxed)
            for seat in seats {
                var frame = view
                frame.setInteger(UInt8(seat === mover ? 0 : 1), at: frame.readerIndex)
                seat.writeAndFlush(frame, promise: nil)
            }
        }
    }

    /// Counts whole moves on a server connection and relays each.
    final class ServerHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let table: Table
        let moveSize: Int
        var pending = 0

        init(table: Table, moveSize: Int) {
            self.table = table
            self.moveSize = moveSize
        }

        func channelActive(context: ChannelHandlerContext) {
            table.seats.append(context.channel)
            // The second seat starts the game by prompting the first.
            if table.seats.count == 2 {
                var frame = table.view
                frame.setInteger(UInt8(1), at: frame.readerIndex)
                table.seats[0].writeAndFlush(frame, promise: nil)
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            pending += unwrapInboundIn(data).readableBytes
            while pending >= moveSize {
                pending -= moveSize
                table.relay(from: context.channel)
            }
        }
    }

    /// A player: reads whole views and answers one marked as its turn with a move.
    final class ClientHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let move: ByteBuffer
        let viewSize: Int
        var collected = 0
        var yourTurn = false

        init(moveSize: Int, viewSize: Int) {
            move = ByteBuffer(repeating: 0, count: moveSize)
            self.viewSize = viewSize
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            while bytes.readableBytes > 0 {
                if collected == 0, let flag = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) {
                    yourTurn = flag == 1
                }
                let take = min(viewSize - collected, bytes.readableBytes)
                bytes.moveReaderIndex(forwardBy: take)
                collected += take
                if collected == viewSize {
                    collected = 0
                    if yourTurn { context.writeAndFlush(wrapOutboundOut(move), promise: nil) }
                }
            }
        }
    }

    /// Runs `games` relay servers with two clients each on NIO's shared loops (where `throughput`
    /// puts its hosts and clients) for `seconds` after `warmup`, and returns moves per second and
    /// the CPU time they took.
    static func measure(games: Int, warmup: Int, seconds: Int) async throws -> Measurement {
        let (moveSize, viewSize) = try frameSizes()
        let group = MultiThreadedEventLoopGroup.singleton
        var servers: [any Channel] = []
        var clients: [any Channel] = []
        defer {
            for channel in clients + servers { channel.close(promise: nil) }
        }
        for _ in 0..<games {
            let loop = group.next()
            let table = Table(viewSize: viewSize)
            let server = try await ServerBootstrap(group: loop)
                .serverChannelOption(.backlog, value: 256)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ServerHandler(table: table, moveSize: moveSize))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            servers.append(server)
            guard let port = server.localAddress?.port else { throw LoadError.noPort }
            for _ in 0..<2 {
                let client = try await ClientBootstrap(group: group)
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(ClientHandler(moveSize: moveSize, viewSize: viewSize))
                        }
                    }
                    .connect(host: "127.0.0.1", port: port).get()
                clients.append(client)
            }
        }
        try await Task.sleep(for: .seconds(warmup))
        let clock = ContinuousClock()
        let before = moves.load(ordering: .relaxed)
        let cpuBefore = ProcessCPU.now()
        let start = clock.now
        try await Task.sleep(for: .seconds(seconds))
        let counted = moves.load(ordering: .relaxed) - before
        let cpu = ProcessCPU.now().since(cpuBefore)
        let elapsed = clock.now - start
        return Measurement(rate: Double(counted) / elapsed.seconds, moves: counted, cpu: cpu, moveSize: moveSize, viewSize: viewSize)
    }
}
