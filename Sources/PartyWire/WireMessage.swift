import PartyKit

/// A message body that travels on the wire as a JSON object with `type` and `seq` added.
public protocol WireMessage: Codable, Sendable {
    /// The value of the `type` field.
    static var type: MessageType { get }

    /// Writes the whole body, `type` and `seq` included, member for member as `Encodable` writes
    /// it, when the message writes itself (a view whose view is `JSONWritable`, a lobby, a result);
    /// false, having written nothing, when only `Encodable` writes it (the default).
    ///
    /// A requirement rather than a protocol to cast to: the codec calls it straight through the
    /// message's own conformance, with no conformance lookup and no existential box per message.
    func writeBody(seq: Int, to output: inout JSONOutput) -> Bool
}

extension WireMessage {
    /// Only `Encodable` writes the message.
    public func writeBody(seq: Int, to output: inout JSONOutput) -> Bool {
        false
    }
}
