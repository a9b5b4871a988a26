import Foundation
import PartyTestSupport

/// A running program (usually `partyhost` or `partyclient`) whose standard output and error are
/// collected as they arrive and whose standard input is a pipe the test writes lines to.
///
/// Started with `Spawned` (posix_spawn), never Foundation's `Process`, whose `run()` can crash the
/// test process on Linux.
///
/// `@unchecked Sendable` is sound: `stdoutText` and `stderrText` are only read or written while
/// `lock` is held; `process` is thread-safe, and its standard input is written under `lock`.
final class LiveProcess: @unchecked Sendable {
    private let process: Spawned
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""
    private var openStreams = 2
    private var inputClosed = false
    /// What the test calls this program in failure messages.
    let label: String
    /// The program's own `XDG_STATE_HOME` (where partyclient keeps seats), removed when the test
    /// is done with it; nil when the test chose one.
    private let stateHome: String?

    /// Starts `executable` (a path, or a name looked up with `/usr/bin/env`) with `arguments`.
    /// `environment` entries are added to (nil values removed from) the test's own environment.
    init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:], label: String? = nil) throws {
        self.label = label ?? URL(fileURLWithPath: executable).lastPathComponent
        // Seats are kept per program, never in the home folder of whoever runs the tests.
        let stateHome = environment.keys.contains("XDG_STATE_HOME") ? nil
            : FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("state")).path
        self.stateHome = stateHome
        var merged = environment
        if let stateHome { merged["XDG_STATE_HOME"] = stateHome }
        process = try Spawned(executable, arguments, environment: merged, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        collect(process.output, isError: false)
        collect(process.errors, isError: true)
    }

    /// Reads `handle` on a thread of its own until end of file, with plain read(2) calls (each
    /// chunk is recorded as soon as it arrives).
    private func collect(_ handle: FileHandle?, isError: Bool) {
        guard let handle else { return }
        let descriptor = handle.fileDescriptor
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                lock.withLock {
                    if isError { stderrText += text } else { stdoutText += text }
                }
            }
            lock.withLock { openStreams -= 1 }
        }
        thread.start()
    }

    /// Everything written to standard output so far.
    var output: String { lock.withLock { stdoutText } }

    /// Everything written to standard error so far.
    var errors: String { lock.withLock { stderrText } }

    /// Standard output's lines so far.
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// Both streams, for failure messages.
    var transcript: String { "[\(label) stdout]\n\(output)\n[\(label) stderr]\n\(errors)" }

    /// The process id.
    var pid: Int32 { process.pid }

    /// Whether the program still runs.
    var isRunning: Bool { process.isRunning }

    /// Writes `line` and a newline to the program's standard input.
    func send(_ line: String) {
        lock.withLock {
            guard !inputClosed else { return }
            try? process.input?.write(contentsOf: Data((line + "\n").utf8))
        }
    }

    /// Closes the program's standard input (it reads end of file).
    func closeInput() {
        lock.withLock {
            guard !inputClosed else { return }
            inputClosed = true
            process.closeInput()
        }
    }

    /// Sends `signal` to the program.
    func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Waits until a line of standard output satisfies `match`; returns it, or nil at the deadline.
    func waitForLine(timeout: Duration, _ match: (String) -> Bool) async -> String? {
        var found: String?
        _ = await Poll.until(timeout: timeout) {
            found = self.lines.first(where: match)
            return found != nil
        }
        return found
    }

    /// Waits for the program to exit and its output to be read (at most `timeout`); returns the
    /// exit status, or nil if it was still running (it is then killed).
    func waitForExit(timeout: Duration) async -> Int32? {
        let exited = await Poll.until(timeout: timeout) { !self.process.isRunning }
        guard exited else {
            stop()
            return nil
        }
        let status = process.wait()
        _ = await Poll.until(timeout: .seconds(2)) { self.lock.withLock { self.openStreams == 0 } }
        // As Foundation's `Process` had it: the exit code, or the number of the signal that ended it.
        return process.signalled ?? status
    }

    /// Kills the program and everything it started (SIGKILL: the test runner may hand its children a
    /// blocked SIGTERM) and waits. The children go first: a program a shell started (`partyhost | head`)
    /// would otherwise outlive it holding the test's pipes.
    func stop() {
        closeInput()
        if process.isRunning {
            for child in Self.descendants(of: process.pid) { kill(child, SIGKILL) }
            kill(process.pid, SIGKILL)
        }
        process.wait()
    }

    /// The processes below `pid` (children first found, then theirs), read from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    deinit {
        stop()
        if let stateHome { try? FileManager.default.removeItem(atPath: stateHome) }
    }
}

/// Polling with a deadline: every wait in these tests is bounded.
enum Poll {
    /// Checks `condition` every `interval` until it holds or `timeout` passes; returns whether it held.
    static func until(
        timeout: Duration, interval: Duration = .milliseconds(50), _ condition: () async -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: interval)
        }
        return await condition()
    }

    /// Seconds elapsed since `start`, as a Double, for measurements.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
