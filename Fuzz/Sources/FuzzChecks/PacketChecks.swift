import PartyDiscovery

/// Parses a packet the way the mDNS transport does and checks that what parses re-serializes.
public enum PacketChecks {
    /// Parses `packet`; if it parses, serializes it, parses that again, and traps unless the second
    /// parse works and serializes to the same bytes. Also splits it as a responder would.
    public static func check(packet: [UInt8]) {
        let message: DNSMessage
        do {
            message = try DNSMessage(bytes: packet)
        } catch {
            _ = error.description
            return
        }
        // Logging and the browser print names, types and addresses; that text must not trap either.
        for question in message.questions {
            _ = question.name.description
            _ = question.type.description
        }
        for record in message.allRecords {
            _ = record.name.description
            _ = record.type.description
            if case .a(let address) = record.data { _ = address.description }
        }
        let bytes = message.serialized()
        let again: DNSMessage
        do {
            again = try DNSMessage(bytes: bytes)
        } catch {
            fatalError("a parsed packet serializes to bytes that do not parse: \(error)\n\(bytes)")
        }
        guard again.serialized() == bytes else {
            fatalError("serializing is not stable: \(bytes) then \(again.serialized())")
        }
        guard message.answers.count <= 16 else { return }
        for part in message.splitForSending(maximumSize: 512) {
            do {
                _ = try DNSMessage(bytes: part.serialized())
            } catch {
                fatalError("a split packet does not parse: \(error)")
            }
        }
    }
}
