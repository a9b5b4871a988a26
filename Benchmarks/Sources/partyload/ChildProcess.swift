import Foundation

/// A child process whose output is read line by line on its own thread, never on the task pool.
final class ChildProcess: Sendable {
    let process: Process
    let input: Pipe
    let lines: AsyncStream<String>

    /// Starts `executable` with `arguments`; standard error passes through.
    init(executable: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let (lines, continuation) = AsyncStream<String>.makeStream()
        try process.run()
        self.process = process
        self.input = input
        self.lines = lines
        let reader = output.fileHandleForReading
        Thread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { continuation.yield(String(decoding: pending, as: UTF8.self)) }
            continuation.finish()
        }.start()
    }

    /// The process id, as /proc spells it.
    var pid: String { String(process.processIdentifier) }

    /// The first output line that starts with `prefix` (nil if the output ends first).
    func line(startingWith prefix: String) async -> String? {
        for await line in lines where line.hasPrefix(prefix) { return line }
        return nil
    }

    /// Closes the child's standard input (its signal to stop) and waits up to `limit` for it to exit.
    func finish(within limit: Duration = .seconds(30)) async {
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
    }
}
