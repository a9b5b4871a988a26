import NIOCore
import Testing

@testable import PartyDiscovery

/// A host killed without goodbyes leaves browsers holding its records for their TTL (two
/// minutes); one client that finds it gone reconfirms (RFC 6762 10.4) and every browser drops it
/// in seconds (10.5), while a live service that answers stays.
@Suite("Reconfirming a vanished service over loopback", .serialized, .timeLimit(.minutes(2)))
struct ReconfirmTests {
    /// Hands `browser` the records of a service that nobody on the network answers for, as if its
    /// host had announced them and then been killed.
    func plantGhost(_ name: String, in browser: ServiceBrowser) async throws {
        let instance = try ServiceNaming.instanceName(name, type: try ServiceNaming.serviceTypeName(ServiceConfiguration.partyhostServiceType))
        let type = try ServiceNaming.serviceTypeName(ServiceConfiguration.partyhostServiceType)
        let host = try DNSName("partyhost-ghost\(UInt16.random(in: 0...UInt16.max)).local.")
        let records = [
            DNSRecord(name: type, data: .ptr(instance), ttl: 4500),
            DNSRecord(name: instance, data: .srv(priority: 0, weight: 0, port: 4711, target: host), ttl: 120, cacheFlush: true),
            DNSRecord(name: instance, data: .txt(try ServiceNaming.txtStrings(["v": "1", "game": "fourinarow"])), ttl: 4500, cacheFlush: true),
            DNSRecord(name: host, data: .a(IPv4Bytes(127, 0, 0, 1)), ttl: 120, cacheFlush: true),
        ]
        let packet = ReceivedPacket(bytes: DNSMessage.response(answers: records).serialized(),
                                    source: try SocketAddress(ipAddress: "127.0.0.1", port: 5353), interface: 0)
        await browser.handle(packet)
    }

    @Test("a killed host's service leaves another browser's list within seconds of a reconfirmation; a live one stays")
    func reconfirmedGhostLeavesEveryList() async throws {
        let ghost = Loopback.uniqueName("Killed host's game")
        let liveName = Loopback.uniqueName("Live game")
        let live = try ServiceAdvertiser(ServiceConfiguration(
            instanceName: liveName, subtypes: ["_fourinarow"], port: 4243, txt: ["v": "1"], interfaces: Loopback.interfaces))
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(advertisers: [live], browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(15)) {
                await browser.services.contains { $0.instanceName == liveName }
            }
            #expect(found)
            try await plantGhost(ghost, in: browser)
            #expect(await browser.services.contains { $0.instanceName == ghost })

            // Another client found nothing listening at the ghost's port and asks the network.
            try await ServiceBrowser.reconfirm(ghost, interfaces: Loopback.interfaces)
            try await ServiceBrowser.reconfirm(liveName, interfaces: Loopback.interfaces)
            // Without the reconfirmation the ghost's SRV would live its full 120 s.
            let gone = await Loopback.eventually(timeout: .seconds(30)) {
                await !browser.services.contains { $0.instanceName == ghost }
            }
            #expect(gone, "the ghost is still listed")
            // The live service answered the same questions, so it is still there.
            #expect(await browser.services.contains { $0.instanceName == liveName })
        }
    }
}
