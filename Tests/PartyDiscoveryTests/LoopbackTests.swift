import NIOCore
import Testing

@testable import PartyDiscovery

/// Real advertisers and browsers over `lo` in this process (inside the private namespace).
@Suite("mDNS over loopback", .serialized, .timeLimit(.minutes(5)))
struct LoopbackTests {
    func advertiser(_ name: String, port: UInt16 = 4242, txt: [String: String] = ["v": "1"]) throws -> ServiceAdvertiser {
        try ServiceAdvertiser(ServiceConfiguration(
            instanceName: name, subtypes: ["_fourinarow"], port: port, txt: txt, interfaces: Loopback.interfaces))
    }

    @Test("a browser finds an advertiser, resolves it, and sees its goodbye within about a second")
    func findAndGoodbye() async throws {
        let name = Loopback.uniqueName("Alice's Four in a Row")
        let advertiser = try advertiser(name, txt: ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby"])
        let browser = try ServiceBrowser(subtype: "_fourinarow", interfaces: Loopback.interfaces)
        try await Loopback.withRunning(advertisers: [advertiser], browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(15)) {
                await browser.services.contains { $0.instanceName == name && $0.isResolved }
            }
            #expect(found)
            let service = try await browser.resolve(name, timeout: .seconds(2))
            #expect(service.port == 4242)
            #expect(service.addresses == ["127.0.0.1", "::1"])
            #expect(service.txt == ["v": "1", "game": "fourinarow", "players": "1/2", "state": "lobby"])
            #expect(service.hostName.hasPrefix("partyhost-"))

            advertiser.stop()
            let stopped = ContinuousClock.now
            let gone = await Loopback.eventually(timeout: .seconds(15)) {
                await !browser.services.contains { $0.instanceName == name }
            }
            #expect(gone)
            // About a second on an idle machine (the RFC keeps a goodbye's record for 1 s); the
            // latency goal is measured by `partyload discovery`, not timed in a test on a busy machine.
            _ = stopped
            await #expect(throws: DiscoveryError.serviceUnavailable(name)) {
                try await browser.resolve(name, timeout: .milliseconds(500))
            }
        }
    }

    @Test("two advertisers with the same name end up with different names")
    func conflictRenames() async throws {
        let name = Loopback.uniqueName("Same Name")
        let first = try advertiser(name, port: 1111)
        let second = try advertiser(name, port: 2222)
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(advertisers: [first, second], browsers: [browser]) {
            async let a = Loopback.announcedName(first)
            async let b = Loopback.announcedName(second)
            let names = await [a, b]
            #expect(names.allSatisfy { $0 != nil })
            #expect(names[0] != names[1])
            #expect(Set(names.compactMap { $0 }) == [name, name + " (2)"])
            let both = await Loopback.eventually(timeout: .seconds(15)) {
                let found = await browser.services.filter { $0.instanceName.hasPrefix(name) }
                return Set(found.map(\.port)) == [1111, 2222]
            }
            #expect(both)
        }
    }

    @Test("a TXT update reaches the browser")
    func txtUpdate() async throws {
        let name = Loopback.uniqueName("Updating")
        let advertiser = try advertiser(name, txt: ["players": "1/2", "state": "lobby"])
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(advertisers: [advertiser], browsers: [browser]) {
            let found = await Loopback.eventually(timeout: .seconds(15)) {
                await browser.services.contains { $0.instanceName == name && $0.txt["players"] == "1/2" }
            }
            #expect(found)
            try await advertiser.updateTXT(["players": "2/2", "state": "playing"])
            let updated = await Loopback.eventually(timeout: .seconds(15)) {
                await browser.services.first { $0.instanceName == name }?.txt == ["players": "2/2", "state": "playing"]
            }
            #expect(updated)
        }
    }

    @Test("after a TXT update our own old TXT coming back is not a rival, but someone else's TXT is")
    func staleOwnTXTIsNoConflict() async throws {
        let name = Loopback.uniqueName("Stale")
        let advertiser = try advertiser(name, txt: ["players": "1/2"])
        try await Loopback.withRunning(advertisers: [advertiser]) {
            #expect(await Loopback.announcedName(advertiser) == name)
            let fullName = await advertiser.instanceFullName
            func replay(_ txt: [String: String]) async throws {
                let record = DNSRecord(name: fullName, data: .txt(try ServiceNaming.txtStrings(txt)), ttl: 4500, cacheFlush: true)
                let packet = ReceivedPacket(
                    bytes: DNSMessage.response(answers: [record]).serialized(),
                    source: try SocketAddress(ipAddress: "127.0.0.1", port: 5353), interface: 0)
                await advertiser.handle(packet)
            }
            try await advertiser.updateTXT(["players": "2/2"])
            // Our announcement of 1/2, still on its way back to us when the update happened.
            try await replay(["players": "1/2"])
            try await Task.sleep(for: .milliseconds(300))
            #expect(await advertiser.instanceName == name)
            // A record we never published under our name is a rival's: we rename.
            try await replay(["players": "9/9"])
            let renamed = await Loopback.eventually(timeout: .seconds(5)) { await advertiser.instanceName != name }
            #expect(renamed)
        }
    }

    @Test("resolving a name nobody has fails with a readable error")
    func resolveMissing() async throws {
        let browser = try ServiceBrowser(interfaces: Loopback.interfaces)
        try await Loopback.withRunning(browsers: [browser]) {
            let error = await #expect(throws: DiscoveryError.self) {
                try await browser.resolve("Nobody's Game", timeout: .milliseconds(300))
            }
            #expect(error?.description == "Nobody's Game is no longer available")
        }
    }

    @Test("an unknown interface name is refused")
    func unknownInterface() throws {
        #expect(throws: DiscoveryError.noSuchInterface("nosuch0")) {
            try DiscoveryInterfaces.named(["nosuch0"]).resolve()
        }
    }
}

@Suite("Choosing interfaces")
struct InterfaceChoiceTests {
    /// Whether this machine (or namespace) has no IPv4 interface up other than loopback, as in CI's.
    static var loopbackOnly: Bool {
        guard let devices = try? System.enumerateDevices() else { return false }
        return devices.allSatisfy { device in
            guard case .v4? = device.address else { return true }
            return device.name == "lo"
        }
    }

    @Test("with no network but loopback, the automatic choice is loopback, so one machine still plays on itself",
          .enabled(if: loopbackOnly, "this machine has a network interface besides lo"))
    func automaticFallsBackToLoopback() throws {
        let chosen = try DiscoveryInterfaces.automatic.resolve()
        #expect(chosen.map(\.name) == ["lo"])
        #expect(chosen.first?.address == IPv4Bytes(127, 0, 0, 1))
        #expect(chosen.first?.device.multicastSupported == true)
    }
}
