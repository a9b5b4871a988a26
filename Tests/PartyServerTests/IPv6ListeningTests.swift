import FourInARow
@testable import PartyClient
import PartyServer
import PartyWire
import Testing

/// The host listens on both address families, and a client connects over IPv6 (issue 21: "No
/// AAAA, no IPv6 joins"). Loopback only: `::1` and `127.0.0.1` exist in the test namespace.
@Suite("IPv6 listening and joining", .timeLimit(.minutes(1)))
struct IPv6ListeningTests {
    static func hello(_ name: String) -> Hello {
        Hello(client: "test", name: name, game: FourInARow.descriptor.id)
    }

    @Test("the default bind address takes clients over IPv6 (::1) and IPv4 (127.0.0.1)")
    func defaultListensOnBothFamilies() async throws {
        var options = HostOptions.test()
        options.bindAddress = HostOptions(sessionName: "Test session").bindAddress
        try await withHost(FourInARow.self, options: options) { _, port in
            for host in ["::1", "127.0.0.1"] {
                let name = try await PartyConnection.withConnection(to: HostAddress(host: host, port: port), hello: Self.hello("Ann"), timeouts: .patient) { _, welcome in
                    welcome.sessionName
                }
                #expect(name == "Test session", "joined over \(host)")
            }
        }
    }

    /// Runs `body` with a host listening on `hostAddress` alone and the other family's loopback
    /// address held at the same port (bound, never listening: a connection there is refused, and no
    /// other test's host can be given it; once one was, and seated Bea in its Snap game). The
    /// host's port is free on its own family only: when the other family has it in use, a new host
    /// takes a new port (that is the set-up looking for a free pair, not the check tried again).
    func withHostBeside(_ hostAddress: String, holding other: String,
                        _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        var options = HostOptions.test()
        options.bindAddress = hostAddress
        for _ in 0..<20 {
            let held = try await withHost(FourInARow.self, options: options) { _, port -> Bool in
                guard let holding = try? HeldPort(other, port: port) else { return false }
                try await body(port)
                return holding.port == port
            }
            if held { return }
        }
        Issue.record("no port was free on both \(hostAddress) and \(other) in 20 tries")
    }

    @Test("a host listening on ::1 only is joined from a discovered address list that starts with IPv4")
    func connectsOverIPv6FromAList() async throws {
        try await withHostBeside("::1", holding: "127.0.0.1") { port in
            let address = try #require(HostAddress(hosts: ["127.0.0.1", "::1"], port: port))
            let name = try await PartyConnection.withConnection(to: address, hello: Self.hello("Bea"), timeouts: .patient) { _, welcome in welcome.sessionName }
            #expect(name == "Test session")
        }
    }

    @Test("a link-local style scoped address (::1%lo) is connected to with its zone")
    func scopedAddress() async throws {
        var options = HostOptions.test()
        options.bindAddress = "::1"
        try await withHost(FourInARow.self, options: options) { _, port in
            let address = try HostAddress(parsing: "[::1%lo]:\(port)")
            #expect(address.host == "::1%lo")
            let name = try await PartyConnection.withConnection(to: address, hello: Self.hello("Cy"), timeouts: .patient) { _, welcome in welcome.sessionName }
            #expect(name == "Test session")
        }
    }

    @Test("no address answers: the error names the first address, an IPv6 one in brackets")
    func noneAnswers() async throws {
        // 127.0.0.2 cannot be bound at the port while the host listens on 127.0.0.1.
        try await withHostBeside("127.0.0.1", holding: "::1") { port in
            let address = try #require(HostAddress(hosts: ["::1", "127.0.0.2"], port: port))
            let error = await #expect(throws: ClientError.self) {
                _ = try await PartyConnection.withConnection(to: address, hello: Self.hello("Dee"), timeouts: .patient) { _, _ in 0 }
            }
            #expect(error?.description.hasPrefix("Cannot connect to [::1]:\(port) (") == true, "\(String(describing: error))")
        }
    }

    @Test("addresses are tried IPv6 first, families interleaved, link-local IPv6 after other IPv6")
    func attemptOrder() {
        #expect(ConnectionRace.ordered(["10.0.0.1", "10.0.0.2", "fe80::1%eth0", "fd00::1"])
            == ["fd00::1", "10.0.0.1", "fe80::1%eth0", "10.0.0.2"])
        #expect(ConnectionRace.ordered(["127.0.0.1", "::1", "127.0.0.1"]) == ["::1", "127.0.0.1"])
    }
}
