import Foundation

/// Plays Four in a Row through a line-mode `partyclient`: reads its describe lines and answers
/// each "Your turn" with the first column that has room.
struct LinePlayer {
    /// The client being driven.
    let client: LiveProcess
    /// Which output lines are the client's (others, such as a host's prefixed lines, are ignored).
    var isClientLine: @Sendable (String) -> Bool = { _ in true }

    /// The client's lines so far.
    var lines: [String] { client.lines.filter(isClientLine) }

    /// The describe lines (one per view) so far.
    var describeLines: [String] { lines.filter { $0.contains(" | moves ") } }

    /// How a game played by `play` ended.
    struct Result {
        /// The "Game over: …" line.
        var gameOver: String
        /// The last board the client printed.
        var lastDescribe: String
        /// How many moves this client sent.
        var moves: Int
    }

    /// Plays until the client prints "Game over:" (nil if it does not within `timeout`).
    func play(timeout: Duration) async -> Result? {
        var handled = 0
        var moves = 0
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, client.isRunning {
            let current = lines
            if let over = current.first(where: { $0.hasPrefix("Game over:") }) {
                return Result(gameOver: over, lastDescribe: current.last { $0.contains(" | moves ") } ?? "", moves: moves)
            }
            let describes = current.filter { $0.contains(" | moves ") }
            if describes.count > handled, let latest = describes.last {
                handled = describes.count
                if latest.contains("Your turn"), let column = FourInARowScreen(describe: latest)?.firstOpenColumn {
                    client.send("\(column)")
                    moves += 1
                }
                continue
            }
            try? await Task.sleep(for: .milliseconds(30))
        }
        return nil
    }
}
