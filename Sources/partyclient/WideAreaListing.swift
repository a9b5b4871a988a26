import ArgumentParser
import PartyDiscovery
import PartyShell
import PartyTerminal

/// `--browse-domain`: sessions published in unicast DNS domains (wide-area DNS-SD), listed beside
/// those on the local network.
enum WideAreaListing {
    /// The browser the options ask for, or nil without `--browse-domain`.
    static func browser(_ command: PartyClientCommand) throws -> WideAreaBrowser? {
        guard !command.browseDomains.isEmpty else {
            if command.dnsServer != nil { throw ValidationError("--dns-server goes with --browse-domain.") }
            return nil
        }
        for domain in command.browseDomains {
            do { _ = try DNSName(domain) } catch { throw ValidationError("--browse-domain \(domain): \(error)") }
        }
        do {
            return WideAreaBrowser(domains: command.browseDomains, server: try command.dnsServer.map { try DNSServerAddress(parsing: $0) },
                                   subtype: command.game.map { "_\($0.lowercased())" })
        } catch {
            throw ValidationError("--dns-server: \(error)")
        }
    }

    /// `--list`: the local network for `duration` and the domains at the same time; a domain that
    /// cannot be browsed is said on standard error, and the rest is listed.
    static func list(_ command: PartyClientCommand, interfaces: DiscoveryInterfaces, duration: Duration) async throws -> [DiscoveredService] {
        let wideArea = try browser(command)
        async let local = ServiceBrowser.list(subtype: command.game.map { "_\($0)" }, interfaces: interfaces, duration: duration)
        async let remote = wideArea?.browse()
        let found = try await local
        let result = await remote
        for failure in result?.failures ?? [] { StandardStreams.writeError("partyclient: \(failure)\n") }
        return found + (result?.services ?? [])
    }
}
