import ArgumentParser
import Foundation
import PartyDiscovery

/// Times `partyhost` from start to listening and to being found, and python-zeroconf's own floor.
struct DiscoveryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discovery",
        abstract: "Start partyhost on lo: time to listening, to being browsed, and whether partyclient --list sees it within 1 s.")

    @Option(help: "The partyhost executable (a release build).")
    var partyhost = "../.build-perf/release/partyhost"

    @Option(help: "The partyclient executable (a release build).")
    var partyclient = "../.build-perf/release/partyclient"

    @Option(help: "Runs.")
    var runs = 5

    @Option(help: "The python-zeroconf script (skipped when python3 cannot import zeroconf).")
    var zeroconfScript = "Scripts/zeroconf_self.py"

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 180

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        for run in 1...runs {
            try await once(run: run)
        }
        zeroconf()
    }

    func once(run: Int) async throws {
        let name = "Perf\(run)x\(Int.random(in: 1000...9999))"
        let port = 47_100 + run
        let clock = ContinuousClock()
        let browser = try ServiceBrowser(interfaces: .named(["lo"]))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await browser.run() }
            try await Task.sleep(for: .milliseconds(300))
            let start = clock.now
            let host = try ChildProcess(executable: partyhost, arguments: [
                "--game", "fourinarow", "--dedicated", "--interface", "lo", "--port", "\(port)", "--name", name,
            ])
            let lister = try ChildProcess(executable: partyclient, arguments: ["--list", "--interface", "lo", "--timeout", "1"])
            var listening: Duration?
            for _ in 0..<2_000 where listening == nil {
                if Self.canConnect(port: port) { listening = clock.now - start } else { try await Task.sleep(for: .milliseconds(1)) }
            }
            var browsed: Duration?
            let deadline = start + .seconds(10)
            while browsed == nil, clock.now < deadline {
                if await browser.services.contains(where: { $0.instanceName.contains(name) }) { browsed = clock.now - start }
                else { try await Task.sleep(for: .milliseconds(2)) }
            }
            var listed: [String] = []
            for await line in lister.lines { listed.append(line) }
            let listerTime = clock.now - start
            let seenByList = listed.contains { $0.contains(name) }
            print("run \(run): listening after \(Self.ms(listening)); browsed (PartyDiscovery browser on lo) after \(Self.ms(browsed)); "
                  + "`partyclient --list --timeout 1` started with it \(seenByList ? "listed it" : "did NOT list it") (exited after \(Self.ms(listerTime)))")
            host.process.interrupt()
            await host.finish(within: .seconds(10))
            await lister.finish(within: .seconds(5))
            browser.stop()
            try await group.waitForAll()
        }
    }

    func zeroconf() {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import zeroconf"]
        guard (try? check.run()) != nil else { return }
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            print("python-zeroconf: not installed (pip install zeroconf); skipped")
            return
        }
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = ["python3", zeroconfScript, "\(runs)"]
        let output = Pipe()
        script.standardOutput = output
        guard (try? script.run()) != nil else { return }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        script.waitUntilExit()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            print("python-zeroconf sees its own new service: \(line)")
        }
    }

    static func ms(_ duration: Duration?) -> String {
        guard let duration else { return "never" }
        return String(format: "%.1f ms", duration.seconds * 1000)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds now (closed at once).
    static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
