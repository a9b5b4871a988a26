import Foundation

/// One session as `partyclient --list --json` prints it.
struct ListedSession: Decodable, Equatable {
    /// The instance name ("Alice's Four in a Row").
    var name: String
    /// The advertised host name.
    var host: String
    /// The TCP port.
    var port: Int
    /// The resolved addresses.
    var addresses: [String]
    /// The TXT record.
    var txt: [String: String]
    /// The browser page's address (`http://127.0.0.1:7777/`), for a session whose TXT has `web`.
    var web: String?
}

/// Runs `partyclient --list --json` and reads what it printed.
enum SessionListing {
    /// Starts a listing of `seconds` on `interface`; read it with `result(of:)`.
    static func start(seconds: Double, interface: String = "lo") throws -> LiveProcess {
        let arguments = ["--list", "--interface", interface, "--timeout", "\(seconds)", "--json"]
        return try LiveProcess(Executables.path("partyclient"), arguments, label: "partyclient --list")
    }

    /// Waits for a listing to end; returns the sessions it printed (nil if it failed or hung).
    static func result(of listing: LiveProcess, timeout: Duration = .seconds(15)) async -> [ListedSession]? {
        guard await listing.waitForExit(timeout: timeout) == 0 else { return nil }
        return parse(listing.output)
    }

    /// Lists for `seconds`; nil if `partyclient` failed.
    static func list(seconds: Double, interface: String = "lo") async throws -> [ListedSession]? {
        await result(of: try start(seconds: seconds, interface: interface))
    }

    /// The JSON lines of `output`, decoded.
    static func parse(_ output: String) -> [ListedSession] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONDecoder().decode(ListedSession.self, from: Data(line.utf8))
        }
    }

    /// Lists again and again (each for `seconds`) until `match` finds a session or `timeout` passes.
    static func waitFor(timeout: Duration, seconds: Double = 0.25, interface: String = "lo",
                        _ match: ([ListedSession]) -> Bool) async throws -> [ListedSession]? {
        let deadline = ContinuousClock.now + timeout
        repeat {
            if let sessions = try await list(seconds: seconds, interface: interface), match(sessions) { return sessions }
        } while ContinuousClock.now < deadline
        return nil
    }
}
