import Foundation

/// Lines typed on standard input, read on a thread of their own so nothing async ever blocks.
enum StandardInputLines {
    /// A stream of lines; it finishes at end of input.
    static func stream() -> AsyncStream<String> {
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                if case .terminated = continuation.yield(line) { return }
            }
            continuation.finish()
        }
        thread.start()
        return lines
    }
}
