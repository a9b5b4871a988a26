import Foundation
import NIOCore
import Synchronization

/// When each view reached this subscriber, and the reporting of it on standard output.
final class FanoutArrivals: Sendable {
    /// The arrivals so far and what was asked for.
    struct State {
        var arrivals: [UInt64] = []
        var received = 0
        var expected: Int?
        var reported = false
        var cpuAtReady = ProcessCPU.now()
    }

    private let state = Mutex(State())

    /// Says the subscriber can receive (and starts its CPU count).
    func ready(_ line: String) {
        state.withLock { $0.cpuAtReady = ProcessCPU.now() }
        Self.write(line)
    }

    /// Notes view `seq`'s arrival now (the first arrival counts).
    func arrived(_ seq: Int) {
        let now = NIODeadline.now().uptimeNanoseconds
        let report: String? = state.withLock { state in
            if seq >= state.arrivals.count { state.arrivals += [UInt64](repeating: 0, count: max(seq + 1 - state.arrivals.count, 1024)) }
            guard state.arrivals[seq] == 0 else { return nil }
            state.arrivals[seq] = now
            state.received += 1
            return Self.takeReport(&state)
        }
        if let report { Self.write(report) }
    }

    /// Reads `EXPECT n` lines from standard input on a thread of its own; at its end, reports and exits.
    func readInstructions() {
        Thread {
            while let line = readLine() {
                guard line.hasPrefix("EXPECT "), let count = Int(line.dropFirst(7)) else { continue }
                let report: String? = self.state.withLock { state in
                    state.expected = count
                    return Self.takeReport(&state)
                }
                if let report { Self.write(report) }
            }
            let report: String? = self.state.withLock { state in
                state.expected = 0
                return Self.takeReport(&state)
            }
            if let report { Self.write(report) }
            exit(0)
        }.start()
    }

    /// The `RESULT` line, once, when every expected view is in.
    private static func takeReport(_ state: inout State) -> String? {
        guard !state.reported, let expected = state.expected, state.received >= expected else { return nil }
        state.reported = true
        let cpu = ProcessCPU.now().since(state.cpuAtReady)
        let count = expected > 0 ? expected : state.arrivals.count
        let instants = (0..<count).map { $0 < state.arrivals.count ? String(state.arrivals[$0]) : "0" }
        return "RESULT cpu=\(cpu.user + cpu.system) arrivals=" + instants.joined(separator: ",")
    }

    private static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
