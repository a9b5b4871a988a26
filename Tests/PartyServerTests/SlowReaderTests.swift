import FourInARow
import PartyServer
import Testing

@Suite("A client that stops reading is cut off; nobody else waits for it", .timeLimit(.minutes(1)))
struct SlowReaderTests {
    /// Options for a host whose flood limit is lifted (the slow reader sends fast on purpose) and
    /// whose outgoing limit and kernel send buffers are small, so the test needs few messages.
    static var options: HostOptions {
        var options = HostOptions.test()
        options.messagesPerSecond = 1_000_000
        options.messageBurst = 1_000_000
        options.outboundQueueLimit = 32
        options.sendBufferBytes = 16_384
        return options
    }

    @Test("a seated player who sends but never reads is disconnected as stuck; the other player is told and still answered")
    func stuckPlayerIsCutOff() async throws {
        let sent = 20_000
        try await withHost(FourInARow.self, options: Self.options) { _, port in
            try await RawClient.with(port: port) { bob in
                try await bob.hello("Bob")
                #expect(try await bob.next("welcome") != nil)
                let received = try await RawClient.with(port: port, receiveBuffer: 4096) { alice in
                    try await alice.hello("Alice")
                    // Every out-of-order frame earns an error reply, which Alice never reads (yet).
                    var burst: [UInt8] = []
                    for _ in 0..<200 { burst += Bytes.frame("{\"type\": \"heartbeat\", \"seq\": 0}") }
                    for _ in 0..<(sent / 200) {
                        do { try await alice.sendBytes(burst) } catch { break }  // cut off already
                    }
                    // Bob hears that Alice was cut off while she still has not read a byte.
                    var left: [String: Any]?
                    while let message = try await bob.next("playerLeft") {
                        if (message["name"] as? String) == "Alice" { left = message; break }
                    }
                    #expect(left?["message"] as? String == "Alice stopped reading and was disconnected.")
                    // Only now Alice reads: what the host had written before cutting her off, then the close.
                    return try await alice.drainUntilClosed()
                }
                #expect(received.first == "welcome")
                #expect(received.filter { $0 == "error" }.count < sent, "the host never cut Alice off")
                // Bob's connection is unharmed: a ready earns a lobby update.
                try await bob.send("ready", "\"ready\": true")
                #expect(try await bob.next("lobby") != nil)
            }
        }
    }
}
