import Foundation
import Testing

/// Debian's Caddy as a front door for tests, configured with the Caddyfile docs/DEPLOY.md gives
/// (read from the document, so that what users copy is what runs): only its site address becomes
/// `https://127.0.0.1:PORT` with a test CA's certificate, and its upstream the server's port.
/// Caddy's configuration, storage and logs live in a temporary directory; Caddy is stopped and the
/// directory removed when the door goes, also when the test failed.
final class CaddyDoor {
    /// Debian's caddy.
    static let caddy = "/usr/bin/caddy"
    /// Whether caddy and openssl are installed (.ci/run installs them).
    static let available = FileManager.default.isExecutableFile(atPath: caddy) && TestTools.commandExists("openssl")

    /// The directory holding everything.
    let directory: String
    /// The certificate authority that signed Caddy's certificate.
    let authority: TestCertificateAuthority
    /// The port Caddy listens on (127.0.0.1, TLS).
    let port: Int
    /// The running caddy.
    let process: LiveProcess

    /// Starts Caddy on a free port in front of the server on 127.0.0.1:`serverPort` and waits until it answers.
    init(serverPort: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("caddydoor")).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        authority = try TestCertificateAuthority(in: directory)
        port = TestTools.freePort()
        let site = try Self.documentedCaddyfile(sourceLocation: sourceLocation)
        let caddyfile = Self.configuration(site: site, directory: directory, port: port, serverPort: serverPort, authority: authority)
        try caddyfile.write(toFile: directory + "/Caddyfile", atomically: true, encoding: .utf8)
        process = try LiveProcess(Self.caddy, ["run", "--config", directory + "/Caddyfile", "--adapter", "caddyfile"],
                                  environment: ["HOME": directory, "XDG_DATA_HOME": directory + "/data", "XDG_CONFIG_HOME": directory + "/config"],
                                  label: "caddy")
        let answering = await Poll.until(timeout: .seconds(20)) { FrontDoor.accepts(port: port) }
        if !(answering && process.isRunning) {
            process.stop()
            try? FileManager.default.removeItem(atPath: directory)
            Issue.record("caddy did not start:\n\(process.transcript)\n\(caddyfile)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The door's URL: `https://127.0.0.1:PORT/` and `path` after it.
    func url(_ path: String = "") -> String { "https://127.0.0.1:\(port)/\(path)" }

    /// The Caddyfile in docs/DEPLOY.md (its one `caddy` code block).
    static func documentedCaddyfile(sourceLocation: SourceLocation) throws -> String {
        let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/DEPLOY.md")
        let text = try String(contentsOf: deploy, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```caddy\n").dropFirst().first?.components(separatedBy: "```").first,
                                 "docs/DEPLOY.md has no ```caddy block", sourceLocation: sourceLocation)
        try #require(block.contains("party.example.org {") && block.contains("127.0.0.1:8080"),
                     "docs/DEPLOY.md's Caddyfile no longer names party.example.org and 127.0.0.1:8080:\n\(block)", sourceLocation: sourceLocation)
        return block
    }

    /// The documented site with the test's address, certificate and upstream, after global options
    /// that keep Caddy to the directory (no admin endpoint, storage and logs there).
    static func configuration(site: String, directory: String, port: Int, serverPort: Int, authority: TestCertificateAuthority) -> String {
        let adapted = site
            .replacingOccurrences(of: "party.example.org {", with: """
                https://127.0.0.1:\(port) {
                    tls \(authority.certificateFile) \(authority.keyFile)
                    log {
                        output file \(directory)/access.log
                    }
                """)
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(serverPort)")
        return """
            {
                admin off
                storage file_system \(directory)/data
                auto_https disable_redirects
                skip_install_trust
            }

            \(adapted)
            """
    }

    /// Caddy's access log so far (JSON, one request a line, written when each is done).
    var accessLog: String { (try? String(contentsOfFile: directory + "/access.log", encoding: .utf8)) ?? "" }
}
