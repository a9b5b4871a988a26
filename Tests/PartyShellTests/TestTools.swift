import Foundation
import PartyTestSupport

/// The outside tools some tests drive, whether they are installed, and small helpers around them.
enum TestTools {
    /// tmux drives the full-screen tests (`apt-get install tmux`).
    static let tmux = commandExists("tmux")
    /// python-zeroconf registers a service for the discovery test (`pip install zeroconf`).
    static let zeroconf = succeeds(["python3", "-c", "import zeroconf"])
    /// Avahi publishes a service for the discovery test (`apt-get install avahi-daemon avahi-utils dbus`).
    static let avahi = ["avahi-daemon", "avahi-publish", "dbus-daemon", "unshare"].allSatisfy(commandExists)
    /// The multi-host test makes network namespaces: it needs root, `ip` and `unshare`.
    static let namespaces = getuid() == 0 && commandExists("ip") && commandExists("unshare")

    /// This target's helper scripts.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path
    /// The discovery tests' helper scripts (python-zeroconf, Avahi, veth pair), reused here.
    static let discoveryScripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PartyDiscoveryTests/Scripts").path

    /// True when `command` is on PATH.
    static func commandExists(_ command: String) -> Bool {
        succeeds(["sh", "-c", "command -v \(command) >/dev/null 2>&1"])
    }

    /// True when `arguments` (run through `/usr/bin/env`) exits with status 0.
    static func succeeds(_ arguments: [String]) -> Bool {
        (try? run(arguments).status) == 0
    }

    /// Runs `arguments` through `/usr/bin/env` to the end (killed after `timeout` seconds); returns
    /// the exit status and standard output (standard error is appended after it).
    ///
    /// Output goes to a temporary file, not a pipe: a program that leaves a daemon behind
    /// (`tmux new-session`) would hold a pipe open for ever.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String?] = [:], timeout: TimeInterval = 10) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(unique("exetests-out")).path
        defer { unlink(file) }
        let child = try Spawned("/usr/bin/env", arguments, environment: environment, stdout: .file(file), stderr: .output)
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning {
            if Date() > deadline {
                child.signal(SIGKILL)
                break
            }
            usleep(5_000)
        }
        return (child.wait(), (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }

    /// `run` without holding a thread of the concurrency pool while the program runs: a test that
    /// waits for programs on pool threads (two on two cores) stops every other test of the process.
    @discardableResult
    static func running(_ arguments: [String], environment: [String: String?] = [:], timeout: TimeInterval = 10) async throws -> (status: Int32, output: String) {
        try await Blocking.run { try run(arguments, environment: environment, timeout: timeout) }
    }

    /// A TCP port nobody uses on 127.0.0.1 right now, chosen below the kernel's ephemeral range
    /// (`ip_local_port_range`): a port the kernel hands out could meanwhile become the local port
    /// of some test's outgoing connection, and a host started on it would find it in use (seen in
    /// CI with dozens of hosts and clients at once).
    static func freePort() -> Int {
        let low = ephemeralLow()
        let range = max(10_000, low - 12_000)..<low
        for _ in 0..<200 {
            let port = Int.random(in: range)
            if canBind(port) { return port }
        }
        return Int.random(in: range)
    }

    /// The first port of the kernel's ephemeral range (32768 when it cannot be read).
    private static func ephemeralLow() -> Int {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let low = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) } ?? 32_768
        return low > 11_000 ? low : 32_768
    }

    /// Whether a listening socket could bind `port` on 127.0.0.1 now (with SO_REUSEADDR, as hosts bind).
    private static func canBind(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Quotes `word` for `sh`.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A command line for `sh` from words.
    static func shellLine(_ words: [String]) -> String {
        words.map(shellQuoted).joined(separator: " ")
    }

    /// A name no other test run uses.
    static func unique(_ base: String) -> String {
        "\(base)-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }
}
