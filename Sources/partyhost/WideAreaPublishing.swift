import ArgumentParser
import Logging
import PartyDiscovery
import PartyKit

/// `--publish-domain`: the session published in a unicast DNS zone (wide-area DNS-SD) beside the
/// LAN advertisement. Failures are said in one line; the session goes on on the LAN.
struct WideAreaPublishing {
    let publisher: WideAreaPublisher
    let domain: String

    /// Checks the wide-area options (the key file is read here, so a bad one stops the start).
    static func validate(_ command: PartyHostCommand) throws {
        _ = try settings(command)
    }

    /// The domain, server and key the options give, or nil without `--publish-domain`.
    static func settings(_ command: PartyHostCommand) throws -> (domain: String, server: DNSServerAddress, key: TSIGKey)? {
        guard let domain = command.publishDomain else {
            if command.dnsServer != nil || command.tsigKey != nil || command.publishHost != nil {
                throw ValidationError("--dns-server, --tsig-key and --publish-host go with --publish-domain.")
            }
            return nil
        }
        do { _ = try DNSName(domain) } catch { throw ValidationError("--publish-domain \(domain): \(error)") }
        guard let serverText = command.dnsServer else {
            throw ValidationError("--publish-domain needs --dns-server: the zone's primary server, which takes updates.")
        }
        guard let keyPath = command.tsigKey else {
            throw ValidationError("--publish-domain needs --tsig-key: a key file the server allows to update the zone (tsig-keygen writes one).")
        }
        if let host = command.publishHost { do { _ = try DNSName(host) } catch { throw ValidationError("--publish-host \(host): \(error)") } }
        do {
            return (domain, try DNSServerAddress(parsing: serverText), try TSIGKey(contentsOf: keyPath))
        } catch let error as WideAreaError {
            throw ValidationError("--dns-server: \(error)")
        } catch {
            throw ValidationError("--tsig-key: \(error)")
        }
    }

    /// The publisher for this session, or nil without `--publish-domain`.
    static func make(_ command: PartyHostCommand, name: String, subtype: String, port: Int, txt: [String: String],
                     warnings: Warnings) -> WideAreaPublishing? {
        do {
            guard let (domain, server, key) = try settings(command) else { return nil }
            let configuration = WideAreaConfiguration(domain: domain, server: server, key: key, instanceName: name,
                                                      subtypes: [subtype], port: UInt16(port), txt: txt,
                                                      hostName: command.publishHost)
            return WideAreaPublishing(publisher: try WideAreaPublisher(configuration, logger: Logger(label: "partyhost.widearea")),
                                      domain: domain)
        } catch {
            warnings.warn("The session is not published in DNS: \(error)")
            return nil
        }
    }

    /// Runs the publisher until `stop()` (or cancellation; the records are deleted either way),
    /// saying what happens in one line each.
    func run(warnings: Warnings) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in publisher.events {
                    switch event {
                    case .published(let name):
                        warnings.warn("Published \(name) in \(domain) (wide-area DNS-SD).")
                    case .failed(let error):
                        warnings.warn("Wide-area publishing in \(domain) failed: \(error). The session is still on the local network.")
                    case .withdrawn:
                        break
                    }
                }
            }
            await publisher.run()
        }
    }

    /// Deletes the records and ends `run`.
    func stop() { publisher.stop() }
}
