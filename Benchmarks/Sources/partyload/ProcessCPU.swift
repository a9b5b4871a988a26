#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time this process has used so far, user and system, from `getrusage`.
struct ProcessCPU {
    var user: Double
    var system: Double

    /// The CPU time used up to now.
    static func now() -> ProcessCPU {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessCPU(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    /// The CPU time used between `earlier` and this reading.
    func since(_ earlier: ProcessCPU) -> ProcessCPU {
        ProcessCPU(user: user - earlier.user, system: system - earlier.system)
    }

    /// "X µs of CPU per move (user Y, system Z)" for `count` moves.
    func perMove(_ count: Int) -> String {
        guard count > 0 else { return "no moves" }
        func micros(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6 / Double(count)) }
        return "\(micros(user + system)) µs of CPU per move (user \(micros(user)), system \(micros(system)))"
    }
}
