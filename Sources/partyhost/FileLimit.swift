#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), which bounds the connections a host can hold:
/// each connection is a file descriptor, and a few more are the listening socket, discovery's
/// sockets, the event loops' and the standard streams.
///
/// At start the soft limit is raised to the hard limit (an unprivileged process may do that; a
/// shell's soft limit is often 1,024 while the hard one is far higher), and a host whose
/// `--max-connections` still does not fit is told what the limit must be.
enum FileLimit {
    /// Descriptors a host needs besides its connections.
    static let reserve = 64

    /// The descriptors `connections` connections need.
    static func needed(connections: Int) -> Int {
        connections + reserve
    }

    /// Raises the soft limit to the hard limit; returns a warning for people when the limit is
    /// still below what `connections` connections need, else nil.
    static func raise(toFit connections: Int) -> String? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        let needed = needed(connections: connections)
        guard limit.rlim_cur != rlim_t.max, limit.rlim_cur < rlim_t(needed) else { return nil }
        return "--max-connections \(connections) needs about \(needed) open files, and this process may open "
            + "\(limit.rlim_cur) (hard limit \(limit.rlim_max)): connections beyond about \(max(0, Int(limit.rlim_cur) - reserve)) "
            + "will fail. Raise the limit (`ulimit -n \(needed)` as root, or LimitNOFILE=\(needed) in a systemd unit)."
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
