import Foundation
import NIOCore
import PartyWire

/// A game move and view as a game module would define them, for the generic messages.
struct SampleMove: Codable, Hashable, Sendable {
    var column: Int
}

/// A view with a nested object, an optional and an array.
struct SampleView: Codable, Hashable, Sendable {
    var board: [String]
    var turn: Int?
}

extension ByteBuffer {
    /// A buffer holding `text` as UTF-8.
    init(text: String) {
        self.init(string: text)
    }

    /// The readable bytes as text.
    var text: String { String(decoding: readableBytesView, as: UTF8.self) }

    /// The readable bytes.
    var bytes: [UInt8] { Array(readableBytesView) }
}

/// A frame: the body's length as 4 big-endian bytes, then the body.
func frame(_ body: [UInt8]) -> ByteBuffer {
    var buffer = ByteBuffer()
    buffer.writeInteger(UInt32(body.count), endianness: .big)
    buffer.writeBytes(body)
    return buffer
}

/// A frame holding `text`.
func frame(_ text: String) -> ByteBuffer { frame(Array(text.utf8)) }

/// Parses a frame body as a JSON object.
func jsonObject(_ buffer: ByteBuffer) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))
    guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return dictionary
}

/// The envelope of `text`, through the codec.
func envelope(_ text: String) throws(WireError) -> Envelope {
    try MessageCodec().envelope(of: ByteBuffer(string: text))
}

/// Encodes `message` with `seq`, checks the envelope fields, and decodes it again as `Message`.
func roundTrip<Message: WireMessage>(_ message: Message, seq: Int = 5) throws -> (Message, [String: Any]) {
    let codec = MessageCodec()
    let body = try codec.encode(message, seq: seq)
    let object = try jsonObject(body)
    let envelope = try codec.envelope(of: body)
    guard envelope.type == Message.type, envelope.seq == seq,
          object["type"] as? String == Message.type.rawValue, object["seq"] as? Int == seq else {
        throw CocoaError(.coderInvalidValue)
    }
    return (try codec.decode(Message.self, from: envelope), object)
}
