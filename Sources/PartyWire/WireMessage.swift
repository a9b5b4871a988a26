/// A message body that travels on the wire as a JSON object with `type` and `seq` added.
public protocol WireMessage: Codable, Sendable {
    /// The value of the `type` field.
    static var type: MessageType { get }
}
