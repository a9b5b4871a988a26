import Foundation
import Logging
import NIOPosix
import PartyJournal
import PartyKit
import PartyServer

/// Many session hosts in this process, one game each, every one on its own loopback port.
enum HostFleet {
    /// A logger that drops everything: the hosts' info lines would swamp the measurement.
    /// With `PARTYLOAD_LOG=debug` in the environment the hosts log to standard error instead.
    static let quiet = Logger(label: "partyload.host") { label in
        guard let level = ProcessInfo.processInfo.environment["PARTYLOAD_LOG"].flatMap(Logger.Level.init(rawValue:)) else {
            return SwiftLogNoOpLogHandler()
        }
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }

    /// `PARTYLOAD_HOST_LOOP=shared` puts even a single host on NIO's shared event loops, beside its clients.
    static var sharedLoops: Bool {
        ProcessInfo.processInfo.environment["PARTYLOAD_HOST_LOOP"] == "shared"
    }

    /// `PARTYLOAD_JOURNAL=1` journals every host's inputs to a SQLite journal of its own (in a
    /// fresh temporary folder), as `partyhost` does by default.
    static var journaled: Bool {
        ProcessInfo.processInfo.environment["PARTYLOAD_JOURNAL"] == "1"
    }

    /// A journal for host `index` in `store` (one file for every host of the run, as a server of
    /// many rooms keeps them), or nil when the run is not journaled.
    static func journal(_ index: Int, in store: SQLiteJournalStore?) -> HostJournal? {
        guard let store else { return nil }
        do {
            let party = try store.begin(JournalParty.fresh(name: "partyload \(index)", version: "partyload", arguments: [], seed: 1,
                                                           joinCode: nil, started: Date().timeIntervalSince1970))
            return HostJournal(store: store, party: party) { problem in print("journal: \(problem)") }
        } catch {
            print("journal: \(error)")
            return nil
        }
    }

    /// Options for a loopback host that never times anyone out during a run.
    /// The per-client flood limit and the per-address limits are lifted: load clients move as fast
    /// as the host answers, which a person never does, all from one address.
    static func options(maxConnections: Int = 64, patientHandshake: Bool = false) -> HostOptions {
        var options = HostOptions(bindAddress: "127.0.0.1", port: 0, sessionName: "partyload", seed: 1, startAt: nil,
                    maxConnections: maxConnections,
                    handshakeTimeoutMilliseconds: patientHandshake ? 3_600_000 : 5_000,
                    peerTimeoutMilliseconds: patientHandshake ? 3_600_000 : 60_000)
        options.messagesPerSecond = 1_000_000
        options.messageBurst = 1_000_000
        // Every load client connects from 127.0.0.1: no per-address limits.
        options.maxConnectionsPerAddress = maxConnections
        options.acceptsPerSecond = nil
        return options
    }

    /// Starts `count` hosts, runs `body` with their ports, then shuts every host down and waits for them.
    /// One host runs on a thread of its own, as `partyhost` does; many share NIO's event loops
    /// (a thread for each of a thousand hosts would measure the scheduler, not the host).
    static func withHosts<Rules: GameRules, Result: Sendable>(
        _: Rules.Type, count: Int, options: HostOptions,
        body: @Sendable ([Int]) async throws -> Result
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("partyload-journal-\(getpid())").path
        var store: SQLiteJournalStore?
        if journaled {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try SQLiteJournalStore(path: folder + "/partyload.journal")
        }
        defer { if journaled { try? FileManager.default.removeItem(atPath: folder) } }
        let hosts = (0..<count).map { index in
            PartyHost<Rules>(configuration: Rules.Configuration(), options: options, logger: quiet,
                             eventLoop: count == 1 && !sharedLoops ? nil : MultiThreadedEventLoopGroup.singleton.next(),
                             journal: journal(index, in: store))
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for host in hosts {
                group.addTask {
                    try await host.run { address in portContinuation.yield(address.port ?? 0) }
                }
            }
            var bound: [Int] = []
            for await port in ports {
                bound.append(port)
                if bound.count == count { break }
            }
            let result: Result
            do {
                result = try await body(bound)
            } catch {
                for host in hosts { host.shutdown() }
                throw error
            }
            for host in hosts { host.shutdown() }
            try await group.waitForAll()
            return result
        }
    }
}
