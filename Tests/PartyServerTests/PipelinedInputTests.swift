import FourInARow
import PartyServer
import Testing

@Suite("Many messages sent at once are all answered, in order, a turn's worth at a time", .timeLimit(.minutes(1)))
struct PipelinedInputTests {
    /// Sends `count` start requests (which only the host's player may make) in one write, from `seq`
    /// on, and returns the `inReplyTo` of every error that answers them.
    static func burst(from seq: Int, count: Int, client: inout RawClient) async throws -> [Int] {
        var bytes: [UInt8] = []
        for n in seq..<(seq + count) { bytes += Bytes.frame("{\"type\": \"start\", \"seq\": \(n)}") }
        try await client.sendBytes(bytes)
        var answered: [Int] = []
        while answered.count < count, let error = try await client.next("error") {
            #expect(error["reason"] as? String == "notHost")
            answered.append(error["inReplyTo"] as? Int ?? -1)
        }
        return answered
    }

    @Test("a client that pipelines far more than a turn's budget gets every answer in order, and is read again afterwards")
    func pipelined() async throws {
        var options = HostOptions.test()
        options.messagesPerSecond = 1_000_000
        options.messageBurst = 1_000_000
        options.outboundQueueLimit = 100_000
        try await withHost(FourInARow.self, options: options) { _, port in
            try await RawClient.with(port: port) { alice in
                try await alice.hello("Alice")
                #expect(try await alice.next("welcome") != nil)
                // Several turns' worth in one write: handled a turn at a time while reading pauses.
                let first = try await Self.burst(from: 2, count: 1_500, client: &alice)
                #expect(first == Array(2..<1_502))
                // Reading resumed: a second burst is answered too.
                let second = try await Self.burst(from: 1_502, count: 600, client: &alice)
                #expect(second == Array(1_502..<2_102))
            }
        }
    }
}
