import Foundation
import Testing

/// A front door for tests: Debian's nginx terminating TLS on 127.0.0.1 with a test CA's
/// certificate and passing WebSockets on to a host, as a server is run in production
/// (docs/ARCHITECTURE.md). Everything it has — configuration, certificates, pid file, logs, temp
/// paths — lives in a temporary directory; nginx is stopped and the directory removed when the
/// front door goes, also when the test failed.
///
/// The same front door in Caddy, which gets and renews the certificate itself, passes WebSocket
/// upgrades and the `Host` header on, and sets `X-Forwarded-For` and `X-Forwarded-Proto` by itself:
///
///     party.example.org {
///         reverse_proxy 127.0.0.1:8080
///     }
final class FrontDoor {
    /// Debian's nginx.
    static let nginx = "/usr/sbin/nginx"
    /// Whether nginx and openssl are installed (.ci/run installs them).
    static let available = FileManager.default.isExecutableFile(atPath: nginx) && TestTools.commandExists("openssl")

    /// The directory holding everything.
    let directory: String
    /// The certificate authority that signed nginx's certificate.
    let authority: TestCertificateAuthority
    /// The port nginx listens on (127.0.0.1): TLS unless `plain`.
    let port: Int
    /// Whether nginx speaks plain HTTP (no TLS) on `port`.
    let plain: Bool
    /// The running nginx.
    private(set) var process: LiveProcess

    /// Starts nginx on a free port in front of the host listening on 127.0.0.1:`hostPort`, with the
    /// `extraLocations` (nginx `location` blocks) before the catch-all one, and waits until it answers.
    /// `passOrigin` passes the client's `Origin` on (a party server checks it against its public
    /// URL); without it nginx blanks it (a LAN host takes only `http://` + its Host).
    init(hostPort: Int, plain: Bool = false, passOrigin: Bool = false, extraLocations: String = "",
         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("frontdoor")).path
        try FileManager.default.createDirectory(atPath: directory + "/logs", withIntermediateDirectories: true)
        authority = try TestCertificateAuthority(in: directory)
        port = TestTools.freePort()
        self.plain = plain
        try Self.configuration(directory: directory, port: port, plain: plain, hostPort: hostPort,
                                 authority: authority, extraLocations: extraLocations, passOrigin: passOrigin)
            .write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        process = try Self.start(directory: directory)
        do {
            try await Self.waitUntilAnswering(process, port: port, directory: directory, sourceLocation: sourceLocation)
        } catch {
            process.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Kills nginx (every connection through it drops at once) and starts it again on the same port.
    func restart(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        process.stop()
        process = try Self.start(directory: directory)
        try await Self.waitUntilAnswering(process, port: port, directory: directory, sourceLocation: sourceLocation)
    }

    /// Starts nginx on the configuration in `directory`.
    private static func start(directory: String) throws -> LiveProcess {
        try LiveProcess(nginx, ["-c", directory + "/nginx.conf", "-p", directory + "/", "-e", directory + "/logs/error.log"], label: "nginx")
    }

    /// Waits until nginx accepts connections on `port`; fails the test with its log when it does not.
    private static func waitUntilAnswering(_ process: LiveProcess, port: Int, directory: String, sourceLocation: SourceLocation) async throws {
        let answering = await Poll.until(timeout: .seconds(10)) { accepts(port: port) }
        let log = (try? String(contentsOfFile: directory + "/logs/error.log", encoding: .utf8)) ?? ""
        try #require(answering && process.isRunning, "nginx did not start:\n\(process.transcript)\n\(log)", sourceLocation: sourceLocation)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The front door's URL for people: `https://127.0.0.1:PORT/` and `path` after it.
    func url(_ path: String = "") -> String { "\(plain ? "http" : "https")://127.0.0.1:\(port)/\(path)" }

    /// nginx's access log so far: one line per request, written when it is done.
    var accessLog: String { (try? String(contentsOfFile: directory + "/logs/access.log", encoding: .utf8)) ?? "" }

    /// nginx's error log so far (for failure messages).
    var errorLog: String { (try? String(contentsOfFile: directory + "/logs/error.log", encoding: .utf8)) ?? "" }

    /// nginx.conf: one process in the foreground, every path in `directory`, TLS on 127.0.0.1, and
    /// WebSocket upgrades passed to the host with the headers a reverse proxy sets.
    static func configuration(directory: String, port: Int, plain: Bool, hostPort: Int, authority: TestCertificateAuthority,
                              extraLocations: String, passOrigin: Bool = false) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(directory)/nginx.pid;
        error_log \(directory)/logs/error.log info;
        events { worker_connections 64; }
        http {
            access_log \(directory)/logs/access.log;
            client_body_temp_path \(directory)/client_body;
            proxy_temp_path \(directory)/proxy;
            fastcgi_temp_path \(directory)/fastcgi;
            uwsgi_temp_path \(directory)/uwsgi;
            scgi_temp_path \(directory)/scgi;
            map $http_upgrade $connection_upgrade { default upgrade; '' close; }
            server {
                listen 127.0.0.1:\(port)\(plain ? "" : " ssl");
                server_name localhost;
                ssl_certificate \(authority.certificateFile);
                ssl_certificate_key \(authority.keyFile);
                proxy_http_version 1.1;
                proxy_set_header Upgrade $http_upgrade;
                proxy_set_header Connection $connection_upgrade;
                proxy_set_header Host $http_host;
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_set_header X-Forwarded-Proto $scheme;
                # The LAN host accepts only an Origin of http:// and its Host (docs/PROTOCOL.md, WebSocket);
                # behind TLS the client's is https://, so it is not passed on (`serve` checks it against its public URL).
                \(passOrigin ? "" : "proxy_set_header Origin \"\";")
                # Longer than any silence the heartbeats allow (10 s), so nginx never cuts a quiet seat.
                proxy_read_timeout 300s;
                proxy_send_timeout 300s;
        \(extraLocations)
                location / {
                    proxy_pass http://127.0.0.1:\(hostPort);
                }
            }
        }

        """
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted now.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
