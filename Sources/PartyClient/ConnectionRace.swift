import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connects to the first of a host's addresses that answers, happy-eyeballs style (RFC 8305).
///
/// Order (RFC 8305 section 4, with RFC 6724's preference for IPv6): the address families
/// interleaved, IPv6 first (IPv6, IPv4, IPv6, …; IPv6 addresses with a global or unique-local scope
/// before link-local ones). The first attempt starts at once; each next one 250 ms later (RFC
/// 8305's recommended Connection Attempt Delay), or at once when every attempt started so far has
/// failed. The first connection made wins; the others are cancelled or closed unused.
enum ConnectionRace {
    /// How long an attempt has before the next one starts beside it.
    static let attemptDelay: Duration = .milliseconds(250)

    /// The order the addresses are tried in (see the type's summary).
    static func ordered(_ hosts: [String]) -> [String] {
        var unique: [String] = []
        for host in hosts where !unique.contains(host) { unique.append(host) }
        let isIPv6 = { (host: String) in host.contains(":") }
        let isLinkLocal = { (host: String) in host.lowercased().hasPrefix("fe8") || host.lowercased().hasPrefix("fe9")
            || host.lowercased().hasPrefix("fea") || host.lowercased().hasPrefix("feb") }
        let six = unique.filter(isIPv6).filter { !isLinkLocal($0) } + unique.filter(isIPv6).filter(isLinkLocal)
        let rest = unique.filter { !isIPv6($0) }
        var result: [String] = []
        for index in 0..<max(six.count, rest.count) {
            if index < six.count { result.append(six[index]) }
            if index < rest.count { result.append(rest[index]) }
        }
        return result
    }

    /// The socket address of a literal IPv4 or IPv6 address, an IPv6 one possibly with a zone
    /// (`fe80::1%eth0` or `fe80::1%2`); nil for a host name.
    static func literal(_ host: String, port: Int) -> SocketAddress? {
        guard let percent = host.firstIndex(of: "%") else { return try? SocketAddress(ipAddress: host, port: port) }
        let zone = String(host[host.index(after: percent)...])
        guard case .v6(let plain)? = try? SocketAddress(ipAddress: String(host[..<percent]), port: port) else { return nil }
        let index = UInt32(zone) ?? if_nametoindex(zone)
        guard index != 0 else { return nil }
        var address = plain.address
        address.sin6_scope_id = index
        return SocketAddress(address, host: host)
    }

    /// Races connections to `hosts` with `connect` and returns the first that succeeds; throws the
    /// last failure when none does. Attempts still under way when one wins are not waited for: any
    /// that connects later is closed with `close`.
    static func first<Connection: Sendable>(
        _ hosts: [String],
        close: @escaping @Sendable (Connection) async -> Void,
        connect: @escaping @Sendable (String) async throws -> Connection
    ) async throws -> Connection {
        let order = ordered(hosts)
        guard order.count > 1 else { return try await connect(order.first ?? "") }
        let (outcomes, feed) = AsyncStream<Outcome<Connection>>.makeStream()
        let claim = Claim()
        var pending = order[...]
        var running = 0
        var lastError: (any Error)?
        func start() {
            guard let host = pending.popFirst() else { return }
            running += 1
            attempt(host, claim: claim, feed: feed, close: close, connect: connect)
            if !pending.isEmpty { timer(feed: feed) }
        }
        defer { feed.finish() }
        start()
        for await outcome in outcomes {
            switch outcome {
            case .connected(let connection):
                return connection
            case .failed(let error):
                running -= 1
                lastError = error
                if running == 0 {
                    guard !pending.isEmpty else { throw error }
                    start()
                }
            case .nextDue:
                start()
            }
        }
        throw lastError ?? CancellationError()
    }

    /// One connection attempt in a task of its own: reports a win, or closes a connection that
    /// comes after another attempt won.
    private static func attempt<Connection: Sendable>(
        _ host: String, claim: Claim, feed: AsyncStream<Outcome<Connection>>.Continuation,
        close: @escaping @Sendable (Connection) async -> Void,
        connect: @escaping @Sendable (String) async throws -> Connection
    ) {
        Task {
            do {
                let connection = try await connect(host)
                if claim.take() { feed.yield(.connected(connection)) } else { await close(connection) }
            } catch {
                feed.yield(.failed(error))
            }
        }
    }

    /// Reports `.nextDue` after the attempt delay.
    private static func timer<Connection: Sendable>(feed: AsyncStream<Outcome<Connection>>.Continuation) {
        Task {
            try? await Task.sleep(for: attemptDelay)
            feed.yield(.nextDue)
        }
    }

    /// Whether an attempt has won; only the first `take()` returns true.
    final class Claim: Sendable {
        private let taken = Mutex(false)

        func take() -> Bool {
            taken.withLock { taken in
                defer { taken = true }
                return !taken
            }
        }
    }

    /// What an attempt or the attempt timer reports.
    enum Outcome<Connection: Sendable>: Sendable { case connected(Connection), failed(any Error), nextDue }
}
