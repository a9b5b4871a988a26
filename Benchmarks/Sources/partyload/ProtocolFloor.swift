import FourInARow
import NIOCore
import NIOPosix
import PartyKit
import PartyWire

/// The protocol floor: the least a host that speaks PROTOCOL.md to the same load clients must do,
/// with none of `PartyHost`'s machinery. One handler per connection, two connections per table on
/// one event loop; it reads each frame's envelope and move with the host's own codec, applies the
/// move to Four in a Row's own rules, and writes the same messages the host writes (welcome,
/// lobbies, a view per seat per move, `gameOver`, the rematch lobbies), each encoded as the host
/// encodes it, flushed once per read.
///
/// What it leaves out is what a real host needs beyond the protocol's bytes: sessions and seats
/// that survive reconnection, rate and queue limits, time limits and heartbeats, spectators, bad
/// input answered exactly. Its ratio to the relay floor is what the protocol and the game cost;
/// `throughput`'s ratio to it, what the host's structure costs on top.
enum ProtocolFloor {
    /// One table: two seats, the game between them, on the server's event loop.
    final class Table: @unchecked Sendable {
        // Touched only on the server's event loop.
        var seats: [ServerHandler] = []
        var rules: FourInARow?
        var gamesPlayed = 0
        let viewWriter = ViewWriter<FourInARowView>.make()
        let moveReader = MoveReader<FourInARowMove>()
        let codec = MessageCodec()

        var infos: [PlayerInfo] {
            seats.enumerated().map { index, seat in
                PlayerInfo(seat: index, name: seat.name, ready: seat.ready, host: false, bot: true, rematch: seat.rematch)
            }
        }

        /// The lobby as the host words it.
        func broadcastLobby(state: String) {
            let message: String
            switch state {
            case "playing":
                message = "Four in a Row is on."
            case "over":
                let asked = seats.filter(\.rematch).map(\.name)
                message = asked.isEmpty ? "Game over. Press r for a rematch." : "Rematch asked by \(asked.joined(separator: ", "))."
            default:
                message = seats.count < 2 ? "Waiting for 1 more player." : "Waiting for players to be ready."
            }
            let infos = self.infos
            for (index, seat) in seats.enumerated() {
                seat.send(Lobby(state: state, players: infos, you: index, canStart: false, gamesPlayed: gamesPlayed, message: message))
            }
        }

        func start() {
            let setup = GameSetup<NoConfiguration>(seats: seats.enumerated().map { Seat(id: SeatID($0.offset), name: $0.element.name) },
                                                   seed: UInt64(gamesPlayed + 1), gameNumber: gamesPlayed)
            rules = FourInARow(setup: setup)
            gamesPlayed += 1
            for seat in seats {
                seat.ready = false
                seat.rematch = false
            }
            broadcastLobby(state: "playing")
            sendViews()
        }

        func sendViews() {
            guard let rules else { return }
            for (index, seat) in seats.enumerated() {
                let id = SeatID(index)
                seat.send(ViewMessage(game: gamesPlayed, view: rules.view(for: .seat(id), at: .zero),
                                      yourTurn: rules.outcome == nil && rules.currentSeat == id, deadlineMs: nil, writer: viewWriter))
            }
        }

        func move(_ envelope: Envelope, from index: Int) {
            guard var running = rules, running.outcome == nil else { return }
            do {
                let message = try moveReader.read(envelope, codec: codec)
                guard running.currentSeat == SeatID(index) else {
                    return seats[index].send(MoveRejected(inReplyTo: envelope.seq, reason: "notYourTurn", message: "It is not your turn."))
                }
                try running.apply(message.move, from: SeatID(index), at: .zero)
            } catch {
                return seats[index].send(MoveRejected(inReplyTo: envelope.seq, reason: "invalidMove", message: "\(error)"))
            }
            rules = running
            sendViews()
            guard let outcome = running.outcome else { return }
            let over = GameOver(game: gamesPlayed, winners: outcome.winners.map(\.index), reason: outcome.reason.rawValue, summary: outcome.summary,
                                standings: outcome.standings.map { StandingInfo(seat: $0.seat.index, place: $0.place, score: $0.score) })
            for seat in seats { seat.send(over) }
            broadcastLobby(state: "over")
        }

        func flush() {
            for seat in seats { seat.flushIfWritten() }
        }
    }

    /// One connection of a table.
    final class ServerHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let table: Table
        var framing = FrameSplitter()
        var context: ChannelHandlerContext?
        var seq = 0
        var written = false
        var name = ""
        var ready = false
        var rematch = false

        init(table: Table) {
            self.table = table
        }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
        }

        func send(_ message: some WireMessage) {
            guard let context else { return }
            seq += 1
            guard let body = try? table.codec.encode(message, seq: seq) else { return }
            context.write(wrapOutboundOut(FramePrepender.frame(of: body)), promise: nil)
            written = true
        }

        func flushIfWritten() {
            guard written, let context else { return }
            written = false
            context.flush()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            do {
                try framing.split(unwrapInboundIn(data)) { frame in
                    handle(frame)
                    return true
                }
            } catch {
                context.close(promise: nil)
            }
            table.flush()
        }

        func handle(_ frame: ByteBuffer) {
            guard let envelope = try? table.codec.envelope(of: frame) else { return }
            switch envelope.type {
            case .hello:
                guard let hello = try? table.codec.decode(Hello.self, from: envelope), table.seats.count < 2 else { return }
                name = hello.name
                table.seats.append(self)
                send(Welcome(session: "protocol-floor", game: "fourinarow", title: "Four in a Row", sessionName: "partyload",
                             seat: table.seats.count - 1, name: name, players: table.infos, minPlayers: 2, maxPlayers: 2,
                             token: "0123456789abcdef0123456789abcdef"))
                table.broadcastLobby(state: "lobby")
            case .ready:
                ready = true
                if table.seats.count == 2, table.seats.allSatisfy(\.ready) { table.start() } else { table.broadcastLobby(state: "lobby") }
            case .move:
                guard let index = table.seats.firstIndex(where: { $0 === self }) else { return }
                table.move(envelope, from: index)
            case .rematch:
                guard table.rules?.outcome != nil else { return }
                rematch = true
                table.broadcastLobby(state: "over")
                if table.seats.allSatisfy(\.rematch) { table.start() }
            default:
                break
            }
        }
    }

    /// Starts `games` tables on NIO's shared loops (where `throughput` puts its hosts), one
    /// loopback port each, and returns their ports and server channels.
    static func serve(games: Int) async throws -> (ports: [Int], servers: [any Channel]) {
        let group = MultiThreadedEventLoopGroup.singleton
        var servers: [any Channel] = []
        var ports: [Int] = []
        for _ in 0..<games {
            let table = Table()
            let server = try await ServerBootstrap(group: group.next())
                .serverChannelOption(.backlog, value: 256)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ServerHandler(table: table))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            servers.append(server)
            guard let port = server.localAddress?.port else { throw LoadError.noPort }
            ports.append(port)
        }
        return (ports, servers)
    }
}
