import Foundation
import PartyTestSupport
import Testing

@testable import PartyDiscovery

/// Helpers shared by the network tests; every one of them runs on `lo` only.
enum Loopback {
    /// The interface choice used by every network test.
    static let interfaces = DiscoveryInterfaces.named(["lo"])

    /// A name no other test run uses.
    static func uniqueName(_ base: String) -> String {
        "\(base) \(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }

    /// Polls `condition` every 50 ms until it holds, or until `timeout` has passed **and** the test
    /// got to poll as often as `timeout` has room for; returns whether it held.
    ///
    /// The patience is counted in polls made, not in wall time alone: beside CPU hogs and the
    /// suite's CPU-bound tests, the two threads of Swift's cooperative pool were busy for minutes, and
    /// neither this poll nor the browser's own work it waits on ran ("found" was false after 15 s of
    /// wall time in which the test had hardly run). A starved test now waits as many turns as an
    /// idle one; an idle one gives up after `timeout` as before.
    static func eventually(timeout: Duration, _ condition: () async -> Bool) async -> Bool {
        let interval = Duration.milliseconds(50)
        let deadline = ContinuousClock.now + timeout
        let polls = Int(timeout / interval)
        var made = 0
        while ContinuousClock.now < deadline || made < polls {
            if await condition() { return true }
            try? await Task.sleep(for: interval)
            made += 1
        }
        return await condition()
    }

    /// Runs the advertisers and browsers, then `body`, then stops them all and waits for them.
    static func withRunning(
        advertisers: [ServiceAdvertiser] = [],
        browsers: [ServiceBrowser] = [],
        _ body: () async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for advertiser in advertisers { group.addTask { try await advertiser.run() } }
            for browser in browsers { group.addTask { try await browser.run() } }
            do {
                try await body()
            } catch {
                for advertiser in advertisers { advertiser.stop() }
                for browser in browsers { browser.stop() }
                throw error
            }
            for advertiser in advertisers { advertiser.stop() }
            for browser in browsers { browser.stop() }
            try await group.waitForAll()
        }
    }

    /// The last `.announced` name an advertiser reported, waiting up to `timeout`.
    static func announcedName(_ advertiser: ServiceAdvertiser, timeout: Duration = .seconds(30)) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await event in advertiser.events {
                    if case .announced(let name) = event { return name }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// A helper program (python3 or a shell script) whose standard output is collected line by line.
/// `@unchecked Sendable` is sound: `output` is only touched while `lock` is held, and `process`
/// (a `Spawned`, never Foundation's `Process`) is itself thread-safe.
final class ScriptProcess: @unchecked Sendable {
    private let process: Spawned
    private let lock = NSLock()
    private var output = ""

    /// The folder with the test scripts.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")

    /// Starts `arguments` through `/usr/bin/env` (so `python3` and `sh` are found on PATH).
    init(_ arguments: [String]) throws {
        process = try Spawned("/usr/bin/env", arguments, stdout: .pipe, stderr: .output)
        // Read on a thread of its own, each chunk recorded as it arrives, until end of file.
        let descriptor = process.output?.fileDescriptor ?? -1
        let handle = process.output
        Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0, let self else { break }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                self.lock.withLock { self.output += text }
            }
            withExtendedLifetime(handle) {}
        }.start()
    }

    /// True while the program runs.
    var isRunning: Bool { process.isRunning }

    /// Everything printed so far.
    var text: String { lock.withLock { output } }

    /// The lines printed so far.
    var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// Waits until a line satisfies `match` (at most `timeout`), returning it.
    func waitForLine(timeout: Duration, _ match: @escaping (String) -> Bool) async -> String? {
        var found: String?
        _ = await Loopback.eventually(timeout: timeout) {
            found = self.lines.first(where: match)
            return found != nil
        }
        return found
    }

    /// Waits for the program to end by itself (at most `timeout`), then stops it if it has not.
    func finish(timeout: Duration = .seconds(10)) async {
        _ = await Loopback.eventually(timeout: timeout) { !self.process.isRunning }
        terminate()
    }

    /// Stops the program now and waits for it. SIGKILL, because the test process's children may
    /// inherit a blocked SIGTERM; the scripts bound their own run time and clean up by themselves.
    func terminate() {
        process.signal(SIGKILL)
        process.wait()
    }

    /// True when `python3 -c "import <module>"` works here.
    static func pythonHas(_ module: String) -> Bool {
        run(["python3", "-c", "import \(module)"])
    }

    /// True when `command` is on PATH.
    static func commandExists(_ command: String) -> Bool {
        run(["sh", "-c", "command -v \(command) >/dev/null 2>&1"])
    }

    private static func run(_ arguments: [String]) -> Bool {
        (try? Spawned("/usr/bin/env", arguments).wait()) == 0
    }
}
