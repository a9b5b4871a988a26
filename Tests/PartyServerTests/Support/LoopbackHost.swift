import FourInARow
import Logging
import PartyClient
import PartyKit
import PartyServer

/// Options for hosts in tests: loopback only, a fixed seed, and timeouts no test waits for unless it
/// sets them itself.
///
/// The test clients run on Swift's cooperative pool, two threads here, which CPU-bound tests (the
/// conformance suites, layout checks, bot matches) can keep busy for tens of seconds; a test client
/// may then not get to write its hello or read for that long, while the host's timers keep running on
/// its own event loop. With the product's 5 s / 10 s (or the 2 s used here before) such a client was
/// timed out and its next write failed with "I/O on closed channel". A test that is about these
/// timeouts passes its own, short ones.
extension HostOptions {
    ///
    /// Every test client connects from 127.0.0.1, and some tests open dozens of connections at
    /// once: the per-address limits are off unless a test about them sets them.
    static func test(handshakeMs: Int64 = 60_000, peerMs: Int64 = 60_000, heartbeatMs: Int64 = 3_000,
                     graceMs: Int64 = 30_000, code: String? = nil) -> HostOptions {
        var options = HostOptions(bindAddress: "127.0.0.1", port: 0, sessionName: "Test session", seed: 42,
                                  handshakeTimeoutMilliseconds: handshakeMs, peerTimeoutMilliseconds: peerMs,
                                  heartbeatIntervalMilliseconds: heartbeatMs, graceMilliseconds: graceMs, joinCode: code)
        options.maxConnectionsPerAddress = options.maxConnections
        options.acceptsPerSecond = nil
        return options
    }
}

/// Runs a host for `Rules` on loopback (journaling to `journal`, if given) for the duration of `body`,
/// then shuts it down.
func withHost<Rules: GameRules, T: Sendable>(
    _: Rules.Type,
    configuration: Rules.Configuration = .init(),
    options: HostOptions = .test(),
    journal: HostJournal? = nil,
    _ body: @Sendable (PartyHost<Rules>, Int) async throws -> T
) async throws -> T {
    // Tests start hundreds of hosts: only warnings and errors are worth printing.
    var logger = Logger(label: "test-host")
    logger.logLevel = .warning
    let host = PartyHost<Rules>(configuration: configuration, options: options, logger: logger, journal: journal)
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            // A host that cannot listen (its address taken) ends the stream: its error is thrown below.
            defer { portContinuation.finish() }
            try await host.run { address in portContinuation.yield(address.port ?? 0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await group.waitForAll()
            throw CancellationError()
        }
        do {
            let result = try await body(host, port)
            host.shutdown()
            try await group.waitForAll()
            return result
        } catch {
            host.shutdown()
            try? await group.waitForAll()
            throw error
        }
    }
}

extension ClientTimeouts {
    /// A test's client waits this long for the welcome and between frames: on a machine busy with
    /// builds and CPU hogs a welcome took more than the protocol's 5 s, and the waiting is not what
    /// these tests check (the host's own limits are tested on their own).
    static let patient = ClientTimeouts(handshake: .seconds(120), silence: .seconds(120))
}
