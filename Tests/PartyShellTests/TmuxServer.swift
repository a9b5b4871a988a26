import Foundation

/// A private tmux server (its own `-L` socket, no config file) with one session `s`, whose panes
/// run the executables the way a person's terminal would. `kill()` ends the server and everything
/// in it; call it in every path (`defer`).
struct TmuxServer {
    /// The socket name, unique to this test.
    let socket: String
    /// The panes' `XDG_STATE_HOME` (where partyclient keeps seats), unless the test gave its own.
    let stateHome: String

    /// Starts the server with session `s`, window 0 running `command` in a `width` × `height` terminal.
    /// Every pane gets `environment` too; `XDG_STATE_HOME` is a fresh folder of this server's own
    /// unless given (so saved seats never leak from one test, or from a person, into another).
    init(width: Int, height: Int, command: String, environment: [String: String?] = [:]) throws {
        socket = TestTools.unique("partyhost-exetests")
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent(socket + "-state").path
        var merged: [String: String?] = ["TMUX": nil, "NO_COLOR": nil, "TERM": "xterm-256color", "XDG_STATE_HOME": stateHome]
        for (key, value) in environment { merged[key] = value }
        let result = try TestTools.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "s",
                                        "-x", "\(width)", "-y", "\(height)", command],
                                       environment: merged)
        guard result.status == 0 else { throw TmuxError(text: "tmux new-session failed: \(result.output)") }
    }

    /// Runs a tmux command on this server; returns its standard output.
    @discardableResult
    func tmux(_ arguments: String...) async throws -> String {
        try await tmux(arguments)
    }

    /// `tmux(_:)` with the arguments in an array.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let result = try await TestTools.running(["tmux", "-L", socket] + arguments, environment: ["TMUX": nil])
        guard result.status == 0 else {
            throw TmuxError(text: "tmux \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result.output
    }

    /// Opens window `index` (1 unless given) running `command`.
    func newWindow(_ command: String, index: Int = 1) async throws {
        try await tmux("new-window", "-d", "-t", "s:\(index)", command)
    }

    /// Types `keys` (tmux key names such as `Enter`, `Escape`, or literal text) into `target`.
    func send(_ target: String, _ keys: String...) async throws {
        for key in keys { try await tmux("send-keys", "-t", target, key) }
    }

    /// The visible screen of `target`; with `escapes`, with its colour and attribute escapes.
    func screen(_ target: String, escapes: Bool = false) async -> String {
        let arguments = escapes ? ["capture-pane", "-p", "-e", "-t", target] : ["capture-pane", "-p", "-t", target]
        return (try? await TestTools.running(["tmux", "-L", socket] + arguments, environment: ["TMUX": nil]).output) ?? ""
    }

    /// A tmux format (`#{alternate_on}`, `#{pane_width}`…) evaluated for `target`.
    func format(_ target: String, _ format: String) async -> String {
        let output = (try? await tmux("display-message", "-p", "-t", target, format)) ?? ""
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen of `target` satisfies `condition`; returns the last screen seen and
    /// whether the condition held before `timeout`.
    func waitForScreen(_ target: String, timeout: Duration = .seconds(10), _ condition: (String) -> Bool) async -> (ok: Bool, screen: String) {
        var last = ""
        let ok = await Poll.until(timeout: timeout, interval: .milliseconds(100)) {
            last = await screen(target)
            return condition(last)
        }
        return (ok, last)
    }

    /// Ends the server and every program in it, and removes its state folder.
    func kill() {
        _ = try? TestTools.run(["tmux", "-L", socket, "kill-server"], environment: ["TMUX": nil])
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    /// The process ids of the programs started in `target`'s pane (the children of its shell).
    func programs(_ target: String) async -> [Int32] {
        let shell = await format(target, "#{pane_pid}")
        let output = (try? await TestTools.running(["pgrep", "-P", shell]).output) ?? ""
        return output.split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A shell command for a pane: runs `words` (environment first, `-u NAME` to unset), then
    /// prints `[exited STATUS]` and keeps the pane open so the test can read the screen afterwards.
    static func paneCommand(_ words: [String], environment: [String] = ["-u", "NO_COLOR"]) -> String {
        "env \(TestTools.shellLine(environment + words)); echo \"[exited $?]\"; sleep 300"
    }
}

/// A tmux command that did not work.
struct TmuxError: Error, CustomStringConvertible {
    /// What went wrong, with tmux's output.
    let text: String
    /// A readable description.
    var description: String { text }
}
