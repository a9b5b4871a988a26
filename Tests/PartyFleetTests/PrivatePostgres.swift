import Foundation
import PartyFleet
import PostgresNIO

/// A PostgreSQL server of the tests' own: Debian's `initdb` in a temporary directory, `postgres`
/// listening only on a Unix socket in that directory (`listen_addresses = ''`), stopped and the
/// directory removed when `PrivatePostgres.with` returns or throws.
///
/// PostgreSQL refuses to run as root, and the tests run as root on CI: then the server is run as
/// the `postgres` system user that Debian's package creates (`runuser -u postgres --`), in a
/// directory handed to that user.
final class PrivatePostgres: Sendable {
    /// What the harness found of Debian's PostgreSQL: the folder with `initdb`, `pg_ctl`, `postgres` and `psql`.
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        return versions.reversed().map { "\(root)/\($0)/bin" }.first { directory in
            ["initdb", "pg_ctl", "postgres", "psql"].allSatisfy { FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)") }
        }
    }()

    /// Whether the tests can start a server here.
    static var isInstalled: Bool { binaries != nil && (getuid() != 0 || getpwnam("postgres") != nil) }

    /// What to do when they cannot.
    static let missing = "PostgreSQL is not installed: apt-get install postgresql (the tests run its initdb and postgres from /usr/lib/postgresql/*/bin)"

    /// The temporary directory: the cluster in `data/`, the socket beside it.
    let directory: String
    private let bin: String

    private init(directory: String, bin: String) {
        self.directory = directory
        self.bin = bin
    }

    /// One server starts at a time in the test process: initdb and the server's start take a core
    /// for a second or two each, and the fleet's suites, which all begin together, would otherwise
    /// start a score of them at once, stalling the timing tests beside them for seconds.
    private static let starting = NSLock()

    /// Starts a server, runs `body` with it and stops it, whether `body` returns or throws.
    static func with<T>(_ body: (PrivatePostgres) throws -> T) throws -> T {
        let server = try starting.withLock { try start() }
        defer { server.stop() }
        return try body(server)
    }

    /// Starts a server, runs `body` with it and stops it, whether `body` returns or throws; the
    /// server's programs run off the concurrency pool (initdb takes seconds: a test that waited on
    /// a pool thread for it would starve every other test of the process).
    static func withServer<T: Sendable>(_ body: (PrivatePostgres) async throws -> T) async throws -> T {
        let server = try await Blocking.run { try starting.withLock { try start() } }
        do {
            let value = try await body(server)
            await server.stopped()
            return value
        } catch {
            await server.stopped()
            throw error
        }
    }

    /// `stop`, off the concurrency pool.
    func stopped() async {
        _ = try? await Blocking.run { self.stop() }
    }

    /// `crash`, off the concurrency pool.
    func crashed() async throws {
        try await Blocking.run { try self.crash() }
    }

    /// `startServer`, off the concurrency pool.
    func restarted() async throws {
        try await Blocking.run { try self.startServer() }
    }

    /// `createDatabase`, off the concurrency pool.
    func newDatabase() async throws -> String {
        try await Blocking.run { try self.createDatabase() }
    }

    /// initdb and start a server in a new temporary directory.
    static func start() throws -> PrivatePostgres {
        guard let bin = binaries else { throw HarnessError.notInstalled }
        // Under /tmp, not $TMPDIR: a Unix socket's path must stay under 108 bytes.
        var template = Array("/tmp/partyhost-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError.failed("mkdtemp: \(String(cString: strerror(errno)))") }
        let path = String(cString: made)
        let server = PrivatePostgres(directory: path, bin: bin)
        do {
            if getuid() == 0 {
                guard let user = getpwnam("postgres") else { throw HarnessError.notInstalled }
                guard chown(path, user.pointee.pw_uid, user.pointee.pw_gid) == 0, chmod(path, 0o755) == 0 else {
                    throw HarnessError.failed("chown \(path) to postgres: \(String(cString: strerror(errno)))")
                }
            }
            try server.run("initdb", ["-D", "\(path)/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
            try server.startServer()
            try server.watchOver()
            return server
        } catch {
            server.stop()
            throw error
        }
    }

    /// Starts the cluster's server (again) and waits until it takes connections.
    func startServer() throws {
        try run("pg_ctl", ["-D", "\(directory)/data", "-l", "\(directory)/server.log", "-w", "-t", "60",
                           "-o", "-c listen_addresses='' -k \(directory)", "start"])
    }

    /// Leaves behind a watcher (a shell of its own session) that stops the server and removes the
    /// directory if this test process dies without doing it (a crash, a kill): no cluster outlives
    /// its tests. It ends by itself once the directory is gone.
    func watchOver() throws {
        let stop = (getuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : "") + "'\(bin)/pg_ctl' -D '\(directory)/data' -m immediate -w stop"
        let script = "while kill -0 \(getpid()) 2>/dev/null && [ -d '\(directory)' ]; do sleep 1; done; "
            + "if [ -d '\(directory)' ]; then \(stop); rm -rf '\(directory)'; fi"
        // Started through a shell that returns at once: the watcher is nobody's child here (no
        // zombie), in a session of its own (no signal to the tests' group reaches it).
        _ = try Self.spawn(["/bin/sh", "-c", #"setsid /bin/sh -c "$1" < /dev/null > /dev/null 2>&1 &"#, "sh", script], output: "/dev/null")
    }

    /// Stops the server as a crash would (`immediate`: no checkpoint, recovery from the log at the next start).
    func crash() throws {
        try run("pg_ctl", ["-D", "\(directory)/data", "-m", "immediate", "-w", "stop"])
    }

    /// Stops the server (if it runs) and removes the directory.
    func stop() {
        if FileManager.default.fileExists(atPath: "\(directory)/data/postmaster.pid") {
            try? run("pg_ctl", ["-D", "\(directory)/data", "-m", "fast", "-w", "-t", "60", "stop"])
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Where a client connects as `username` to `database`.
    func configuration(database: String = "postgres", username: String = "postgres") -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(unixSocketPath: "\(directory)/.s.PGSQL.5432", username: username, password: nil, database: database)
    }

    /// Runs SQL as the superuser with `psql` (each statement on its own, outside a transaction).
    func psql(_ sql: String, database: String = "postgres") throws {
        try run("psql", ["-h", directory, "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], psql: true)
    }

    /// A new empty database for one test.
    func createDatabase() throws -> String {
        let name = "journal_\(UUID().uuidString.prefix(8).lowercased())"
        try psql("CREATE DATABASE \(name)")
        return name
    }

    private func run(_ tool: String, _ arguments: [String], psql: Bool = false) throws {
        // psql, a client, runs as anyone; the server's programs as postgres when we are root.
        let program = "\(bin)/\(tool)"
        let launch = getuid() == 0 && !psql ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let outputPath = "\(directory)/\(tool).out"
        let status = try Self.spawn(launch, output: outputPath)
        let said = FileManager.default.contents(atPath: outputPath) ?? Data()
        guard status == 0 else {
            let log = (try? String(contentsOfFile: "\(directory)/server.log", encoding: .utf8)) ?? ""
            throw HarnessError.failed("\(tool) \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))\(log.suffix(2_000))")
        }
    }

    /// Runs `arguments` (a program's path first) with its output in `output`, and waits for it.
    ///
    /// posix_spawn, not Foundation's Process: the server pg_ctl leaves running would inherit
    /// Process's descriptors and Process would wait for the server to stop. Every descriptor
    /// past standard error is closed in the child for the same reason.
    private static func spawn(_ arguments: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not export.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw HarnessError.failed("\(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS: a normal exit's code, else a nonzero stand-in.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Why the private server could not be had.
enum HarnessError: Error, CustomStringConvertible {
    /// Debian's PostgreSQL (or its `postgres` user) is missing.
    case notInstalled
    /// A PostgreSQL program failed: what it said.
    case failed(String)

    var description: String {
        switch self {
        case .notInstalled: PrivatePostgres.missing
        case .failed(let detail): "The private PostgreSQL failed: \(detail)"
        }
    }
}
