import Foundation
import PartyTestSupport
import Testing

@testable import PartyDiscovery

/// A real BIND 9 server for one zone, started by a test (Scripts/bind_zone.sh) on 127.0.0.1 and a
/// high port, in a temporary folder; it takes updates signed with `key("partyhost")`.
final class BindServer: Sendable {
    /// How long a test's queries and updates wait for named when the test is not about waiting: a
    /// named starved of CPU by a full test run on two cores once took over 3 s to answer.
    static let patience = Duration.seconds(30)

    /// True when named, tsig-keygen and dig are installed (`apt-get install bind9 bind9-dnsutils`).
    static let available = ScriptProcess.commandExists("named") && ScriptProcess.commandExists("tsig-keygen")
        && ScriptProcess.commandExists("dig") && ScriptProcess.commandExists("nsupdate")
    /// Why the BIND tests skip.
    static let missing: Comment = "BIND 9 is missing: apt-get install bind9 bind9-dnsutils"

    let directory: String
    let zone: String
    /// The address named listens on (127.0.0.1 or ::1).
    let host: String
    let port: Int
    private let process: ScriptProcess

    private init(directory: String, zone: String, host: String, port: Int, process: ScriptProcess) {
        self.host = host
        self.directory = directory
        self.zone = zone
        self.port = port
        self.process = process
    }

    /// Starts named for `zone` and waits until it answers (tries other ports if one is taken).
    static func start(zone: String = "party.test", host: String = "127.0.0.1") async throws -> BindServer {
        try await launch(zone: zone, host: host) { directory, port in
            ["sh", ScriptProcess.scripts.appendingPathComponent("bind_zone.sh").path, directory, zone, host, "\(port)"]
        }
    }

    /// Runs `command(directory, port)` (which must start named for `zone` on 127.0.0.1:port with
    /// its files in the new folder `directory`) and waits until it answers; other ports on failure.
    static func launch(zone: String, host: String = "127.0.0.1", _ command: (String, Int) throws -> [String]) async throws -> BindServer {
        for _ in 0..<5 {
            let directory = NSTemporaryDirectory() + "partyhost-bind-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Below Linux's ephemeral range (32768-60999), where other tests' sockets are.
            let port = Int.random(in: 20000..<32000)
            let process = try ScriptProcess(try command(directory, port))
            let server = BindServer(directory: directory, zone: zone, host: host, port: port, process: process)
            let client = UnicastDNSClient(server: server.address, timeout: .milliseconds(500))
            let up = await Loopback.eventually(timeout: .seconds(30)) {
                if !process.isRunning { return true }
                return (try? await client.query(try! DNSName(zone), type: .soa))?.answers.isEmpty == false
            }
            // Listening on UDP is not enough: TCP on the same port may have been taken.
            let question = DNSMessage(id: 1, questions: [DNSQuestion(name: try DNSName(zone), type: .soa)]).serialized()
            let tcpClient = UnicastDNSClient(server: server.address, timeout: .seconds(10))
            let tcp = up && process.isRunning ? (try? await tcpClient.exchangeOverTCP(question)) : nil
            if tcp != nil { return server }
            server.stop()
        }
        throw BindServerError.wouldNotStart
    }

    enum BindServerError: Error { case wouldNotStart }

    /// Where the server listens.
    var address: DNSServerAddress { DNSServerAddress(host: host, port: port) }

    /// A key file the script wrote: `partyhost` (granted), `other` (known, not granted),
    /// `stranger` (unknown to the server), `wrong-secret` (partyhost's name, another secret).
    func keyPath(_ name: String) -> String { "\(directory)/\(name).key" }

    /// The key in `keyPath(name)`.
    func key(_ name: String) throws -> TSIGKey { try TSIGKey(contentsOf: keyPath(name)) }

    /// What the server's log said so far.
    var log: String { process.text }

    /// `dig +short` of `name` (dotted, with escapes as dig takes them) and `type`, one answer a line.
    func dig(_ type: String, _ name: String) -> [String] {
        let arguments = ["+short", "+time=2", "+tries=2", "@\(host)", "-p", "\(port)", type, name]
        guard let answer = try? Spawned.run("dig", arguments, errors: .null) else { return ["dig would not start"] }
        return answer.output.split(separator: "\n").map(String.init)
    }

    /// Stops named and removes its folder.
    func stop() {
        process.terminate()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `name` as dig takes it: spaces as \032.
    static func digName(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "\\032")
    }
}
