import NIOCore
import PartyKit

/// A value's JSON, encoded once and written verbatim wherever it is encoded again: the host
/// encodes a view that several seats share once and sends it in each seat's `view` message.
///
/// Only the wire's own encoder (`MessageCodec.encode`) writes it; any other encoder gets an
/// `EncodingError`, so a message holding one is never silently encoded differently. It is sent,
/// never received: decoding one is an error (receivers decode the game's own view type).
public struct EncodedJSON: Codable, Sendable {
    /// The JSON text.
    let bytes: ByteBuffer

    /// `value`'s JSON exactly as `MessageCodec.encode` writes it inside a message, or nil for a
    /// value that only `JSONEncoder` encodes (see `StreamingJSONEncoder`).
    public init?<Value: Encodable>(encoding value: Value) {
        if let writable = value as? any JSONWritable {
            var output = JSONOutput(capacity: 256)
            output.value(writable)
            var bytes = ByteBufferAllocator().buffer(capacity: output.bytes.count)
            bytes.writeBytes(output.bytes)
            self.bytes = bytes
            return
        }
        guard let bytes = try? StreamingJSONEncoder.encode(value) else { return nil }
        self.bytes = bytes
    }

    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "EncodedJSON is sent, never decoded"))
    }

    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "EncodedJSON is written by MessageCodec only"))
    }
}
