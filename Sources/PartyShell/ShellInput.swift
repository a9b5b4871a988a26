import PartyClient
import PartyTerminal

/// Everything a shell reacts to, merged into one stream.
enum ShellInput: Sendable {
    /// The host said something.
    case event(ClientEvent)
    /// The person pressed a key or resized the terminal.
    case terminal(TerminalEvent)
    /// The person typed a line (line mode); nil at end of input.
    case line(String?)
    /// Time passed (for countdowns and animations).
    case tick
}

extension ShellInput {
    /// Starts, in `group`, the tasks that merge what a shell reacts to into one stream: the host's
    /// `events`, and either the keys of `terminal` plus a tick every 100 ms, or (without a terminal)
    /// the lines of standard input. Finish the returned continuation and cancel the group to stop.
    static func merge(into group: inout TaskGroup<Void>, events: AsyncStream<ClientEvent>, terminal: Terminal?)
        -> (inputs: AsyncStream<ShellInput>, feed: AsyncStream<ShellInput>.Continuation) {
        let (inputs, feed) = AsyncStream<ShellInput>.makeStream()
        group.addTask {
            for await event in events { feed.yield(.event(event)) }
        }
        guard let terminal else {
            group.addTask {
                for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
                feed.yield(.line(nil))
            }
            return (inputs, feed)
        }
        group.addTask {
            for await event in terminal.events { feed.yield(.terminal(event)) }
        }
        group.addTask {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                if case .terminated = feed.yield(.tick) { return }
            }
        }
        return (inputs, feed)
    }
}
