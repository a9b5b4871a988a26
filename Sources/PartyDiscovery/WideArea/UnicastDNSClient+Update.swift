#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnicastDNSClient {
    /// Sends `update` signed with `key` and checks the answer: its code, and the server's signature
    /// over it. Throws `.refused` with the server's reason when it did not apply the update.
    public func send(_ update: DNSUpdate, key: TSIGKey, time: UInt64 = UnicastDNSClient.now()) async throws(WideAreaError) {
        let id = UInt16.random(in: 1...UInt16.max)
        let signed = TSIG.sign(update.message(id: id).serialized(compressingRecordData: false), key: key, time: time)
        let answerBytes = try await exchange(signed.bytes)
        let answer: DNSMessage
        let tsig: (record: TSIG.Record, unsigned: [UInt8])?
        do {
            answer = try DNSMessage(bytes: answerBytes)
            tsig = try TSIG.split(answerBytes)
        } catch {
            throw .badAnswer(server: server.description, reason: "\(error)")
        }
        let zone = String(update.zone.description.dropLast())
        if let tsig, tsig.record.error != 0 {
            throw .refused(server: server.description, zone: zone, rcode: answer.responseCode, tsigError: tsig.record.error)
        }
        guard answer.responseCode == 0 else {
            throw .refused(server: server.description, zone: zone, rcode: answer.responseCode, tsigError: 0)
        }
        guard let tsig else { throw .badAnswer(server: server.description, reason: "the answer is not signed") }
        guard TSIG.verifies(tsig.record, unsigned: tsig.unsigned, requestMAC: signed.mac, key: key) else {
            throw .badAnswer(server: server.description, reason: "the answer's TSIG signature does not check out")
        }
    }

    /// Seconds since 1970 by this machine's clock.
    public static func now() -> UInt64 {
        UInt64(max(0, time(nil)))
    }
}
