import Foundation
import Histogram

/// Formatting of the figures partyload prints.
enum Report {
    /// Microseconds with one decimal.
    static func micros(_ nanoseconds: UInt64) -> String {
        String(format: "%.1f µs", Double(nanoseconds) / 1000)
    }

    /// `p50 … p99 … p99.9 … max … (n)` of a round-trip histogram.
    static func percentiles(_ histogram: Histogram<UInt64>) -> String {
        "p50 \(micros(histogram.valueAtPercentile(50))), p99 \(micros(histogram.valueAtPercentile(99))), "
            + "p99.9 \(micros(histogram.valueAtPercentile(99.9))), max \(micros(histogram.maxRecorded)) "
            + "(\(histogram.totalCount) samples)"
    }

    /// `p50 … p99 … max … (n)` in milliseconds.
    static func millis(_ histogram: Histogram<UInt64>) -> String {
        func ms(_ ns: UInt64) -> String { String(format: "%.1f ms", Double(ns) / 1e6) }
        return "p50 \(ms(histogram.valueAtPercentile(50))), p99 \(ms(histogram.valueAtPercentile(99))), max \(ms(histogram.maxRecorded)) "
            + "(\(histogram.totalCount) samples)"
    }

    /// A ratio with two decimals.
    static func ratio(_ a: UInt64, _ b: UInt64) -> String {
        b == 0 ? "n/a" : String(format: "%.2f×", Double(a) / Double(b))
    }

    /// Resident memory of a process in KiB (VmRSS of /proc/PID/status), or nil.
    static func residentKiB(pid: String = "self") -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    /// How many file descriptors a process has open (entries of /proc/PID/fd, read with readdir:
    /// Foundation's `contentsOfDirectory` answered an empty list for ten thousand of them).
    static func openFiles(pid: String = "self") -> Int {
        guard let directory = opendir("/proc/\(pid)/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { count += 1 }
        }
        return count
    }

    /// Waits until `condition` holds, checking every 20 ms, for at most `limit`.
    static func wait(upTo limit: Duration, _ what: @autoclosure () -> String, until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { throw LoadError.timedOut(what()) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
