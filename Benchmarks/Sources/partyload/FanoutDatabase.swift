import ArgumentParser
import Foundation
import PostgresNIO

/// The database `fanout` talks to, named as libpq names a Unix socket
/// (`postgres://USER@/DATABASE?host=/socket/directory`) or a host (`postgres://USER@HOST:PORT/DATABASE`).
enum FanoutDatabase {
    /// PostgresNIO's configuration for `url`.
    static func configuration(_ url: String) throws -> PostgresConnection.Configuration {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
              let user = parts.user, case let database = String(parts.path.drop { $0 == "/" }), !database.isEmpty else {
            throw ValidationError("--database must read postgres://USER@HOST/DATABASE or postgres://USER@/DATABASE?host=/socket/directory")
        }
        let port = parts.port ?? 5432
        if let directory = parts.queryItems?.first(where: { $0.name == "host" })?.value, directory.hasPrefix("/") {
            return PostgresConnection.Configuration(unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: user,
                                                    password: parts.password, database: database)
        }
        return PostgresConnection.Configuration(host: parts.host ?? "localhost", port: port, username: user, password: parts.password,
                                                database: database, tls: .disable)
    }

    /// CPU seconds (user + system) used so far by the postmaster `postmaster` and all its children
    /// (backends, WAL writer, checkpointer, …), from /proc/PID/stat.
    static func serverCPU(postmaster: Int) -> Double {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for entry in entries {
            guard let pid = Int(entry), let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            // After the command: state, ppid, … utime and stime (fields 3, 4, 14 and 15 of proc(5)).
            guard fields.count > 12, pid == postmaster || Int(fields[1]) == postmaster else { continue }
            total += ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks
        }
        return total
    }
}
