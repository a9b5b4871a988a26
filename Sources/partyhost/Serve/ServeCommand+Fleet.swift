import ArgumentParser
import Foundation
import Logging
import PartyFleet
import PartyServe
import PartyServer
import Synchronization

extension ServeCommand {
    /// The fleet's journal in the `--database` PostgreSQL (its schema migrated), or nil without
    /// `--database`; a database it cannot use stops the server with the reason.
    func openFleetStore(logger: Logger) throws -> PostgresJournalStore? {
        guard let database else { return nil }
        let name = nodeName ?? ProcessInfo.processInfo.hostName
        guard Self.validNodeName(name) else { throw ValidationError(FleetError.badNodeName(name).description) }
        do {
            let configuration = try DatabaseURL.configuration(database)
            return try PostgresJournalStore(configuration: configuration, membership: FleetMembership(node: name), logger: logger)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The fleet node of this server, now that it listens on `port`.
    func fleetNode(store: PostgresJournalStore, host: ServeHost, port: Int, logger: Logger) throws -> FleetNode {
        guard let database else { throw ValidationError("no --database") }
        let configuration = try DatabaseURL.configuration(database)
        let address = nodeAddress ?? "\(bind.contains(":") ? "[\(bind)]" : bind):\(port)"
        var options = FleetNode.Options(name: store.membership?.node ?? "node", publicURL: publicURL ?? "http://\(address)", address: address)
        options.leaseMilliseconds = Int64(leaseSeconds * 1_000)
        options.sweepMilliseconds = min(1_000, options.leaseMilliseconds / 5)
        return FleetNode(options: options, store: store, configuration: configuration, host: host, logger: logger)
    }

    /// Whether `name` may name a node: 1 to 63 letters, digits, '-', '_' or '.'.
    static func validNodeName(_ name: String) -> Bool {
        (1...63).contains(name.count) && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// Where the server's bots connect: the one address it bound, or the loopback.
    static func botHost(_ bind: String) -> String {
        bind == HostOptions.bothFamilies || bind == "0.0.0.0" || bind == "::" ? "127.0.0.1" : bind
    }
}

