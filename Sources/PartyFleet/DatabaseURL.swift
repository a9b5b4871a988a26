import Foundation
import NIOSSL
import PostgresNIO

/// A fleet's connection string, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, read into
/// PostgresNIO's configuration. A Unix socket is named as libpq names it:
/// `postgres://USER@/DATABASE?host=/var/run/postgresql`; `?sslmode=require` asks for TLS (with
/// the system's trusted certificates), `disable` (the default) for none.
public enum DatabaseURL {
    /// The configuration `url` names; throws `.badDatabaseURL` saying what is wrong.
    public static func configuration(_ url: String) throws(FleetError) -> PostgresConnection.Configuration {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme, ["postgres", "postgresql"].contains(scheme) else {
            throw .badDatabaseURL(url: redacted(url), detail: "it must start with postgres://")
        }
        guard let user = parts.user, !user.isEmpty else {
            throw .badDatabaseURL(url: redacted(url), detail: "it names no user (postgres://USER@HOST/DATABASE)")
        }
        let database = String(parts.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .badDatabaseURL(url: redacted(url), detail: "it names no database (postgres://USER@HOST/DATABASE)")
        }
        let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let unknown = Set(query.keys).subtracting(["host", "sslmode"])
        guard unknown.isEmpty else {
            throw .badDatabaseURL(url: redacted(url), detail: "unknown parameter \(unknown.sorted().joined(separator: ", ")) (host and sslmode are known)")
        }
        let password = parts.password
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = parts.port ?? 5432
            return PostgresConnection.Configuration(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user,
                                                    password: password, database: database)
        }
        guard let host = parts.host, !host.isEmpty else {
            throw .badDatabaseURL(url: redacted(url), detail: "it names no host (postgres://USER@HOST/DATABASE, or ?host=/socket/directory)")
        }
        let tls: PostgresConnection.Configuration.TLS
        switch query["sslmode"] ?? "disable" {
        case "disable":
            tls = .disable
        case "require", "verify-full":
            do {
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            } catch {
                throw .badDatabaseURL(url: redacted(url), detail: "TLS could not be set up: \(error)")
            }
        case let mode:
            throw .badDatabaseURL(url: redacted(url), detail: "sslmode \(mode) is not known (disable, require or verify-full)")
        }
        return PostgresConnection.Configuration(host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
                                                port: parts.port ?? 5432, username: user, password: password,
                                                database: database, tls: tls)
    }

    /// `url` with its password replaced by `***` (for messages and logs).
    public static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "***"
        return parts.string ?? "the database URL"
    }
}
