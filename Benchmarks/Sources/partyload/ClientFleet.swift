import NIOCore
import NIOPosix
import PartyWire

/// Opens many loopback connections, a batch at a time so the listen backlog never overflows.
enum ClientFleet {
    /// What each connection runs.
    enum Kind {
        /// A game client (`GameClientHandler`) in the given mode.
        case client(GameClientHandler.Mode)
        /// A bare TCP connection that never says anything.
        case silent
    }

    /// Connects `perPort` clients to every port and returns their channels.
    static func connect(ports: [Int], perPort: Int, kind: Kind, stats: LoadStats, batch: Int = 200) async throws -> [any Channel] {
        let targets = ports.flatMap { port in Array(repeating: port, count: perPort) }
        var channels: [any Channel] = []
        channels.reserveCapacity(targets.count)
        var start = 0
        while start < targets.count {
            let slice = targets[start..<min(start + batch, targets.count)]
            let base = start
            let futures = slice.enumerated().map { offset, port in
                bootstrap(kind: kind, stats: stats, index: base + offset).connect(host: "127.0.0.1", port: port)
            }
            for future in futures { channels.append(try await future.get()) }
            start += batch
        }
        return channels
    }

    static func bootstrap(kind: Kind, stats: LoadStats, index: Int) -> ClientBootstrap {
        ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard case .client(let mode) = kind else { return }
                    try channel.pipeline.syncOperations.addHandler(
                        GameClientHandler(mode: mode, stats: stats, name: "load \(index)", seed: UInt64(index) &+ 1))
                }
            }
    }

    /// Closes every channel and waits (bounded by the caller's time limit) for them to close.
    static func close(_ channels: [any Channel]) async {
        for channel in channels { channel.close(promise: nil) }
        for channel in channels { try? await channel.closeFuture.get() }
    }
}
