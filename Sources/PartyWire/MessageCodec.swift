import Foundation
import NIOCore

/// Turns messages into frame bodies (JSON) and frame bodies back into typed messages.
///
/// Decoding is two-step: `envelope(of:)` reads `type` and `seq`, then `decode(_:from:)` reads the
/// body as the message type the receiver expects — generic game payloads (moves, views) included.
public struct MessageCodec: Sendable {
    /// Creates a codec.
    public init() {}

    /// The JSON body of `message` with its `type` and `seq`.
    ///
    /// A message that writes itself (`WireMessage.writeBody`: a view whose view is `JSONWritable`, a
    /// lobby, a result) is written by `JSONOutput`; any other straight into the buffer by
    /// `StreamingJSONEncoder`; one that encoder does not handle (see there) is encoded by
    /// `JSONEncoder`, with the same JSON as a result. The buffer keeps
    /// room for the frame's length before its readable bytes, which `FramePrepender` fills.
    ///
    /// The headroom already holds the body's length, big-endian: while the buffer has one owner
    /// that costs nothing, whereas `FramePrepender` writing it into a buffer its caller still
    /// holds would copy the whole body first (copy on write).
    public func encode<Message: WireMessage>(_ message: Message, seq: Int) throws -> ByteBuffer {
        var body: ByteBuffer
        if let written = message.writtenBody(seq: seq, headroom: FramePrepender.headroom) {
            body = written
        } else if let streamed = try? StreamingJSONEncoder.encode(Outgoing(seq: seq, message: message), headroom: FramePrepender.headroom) {
            body = streamed
        } else {
            body = try foundationEncode(message, seq: seq)
        }
        FramePrepender.writeLength(into: &body)
        return body
    }

    /// The JSON body of `message` as `JSONEncoder` writes it.
    func foundationEncode<Message: WireMessage>(_ message: Message, seq: Int) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(Outgoing(seq: seq, message: message))
        var buffer = ByteBufferAllocator().buffer(capacity: FramePrepender.headroom + data.count)
        buffer.moveWriterIndex(forwardBy: FramePrepender.headroom)
        buffer.moveReaderIndex(forwardBy: FramePrepender.headroom)
        buffer.writeBytes(data)
        return buffer
    }

    /// Reads the envelope (`type`, `seq`) of a frame body.
    ///
    /// Plain, well-formed bodies (everything a well-behaved peer sends) are read by one pass of
    /// `EnvelopeScanner`; anything else goes through Foundation, which decides the exact error.
    public func envelope(of body: ByteBuffer) throws(WireError) -> Envelope {
        let scanned: (type: String?, seq: Int?)? = body.withUnsafeReadableBytes { raw in
            EnvelopeScanner.scan(raw).map { fields in
                (fields.type.map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[$0]), as: UTF8.self) }, fields.seq)
            }
        }
        if let scanned {
            guard let type = scanned.type, let seq = scanned.seq else { throw .missingEnvelope }
            return try Self.envelope(type: type, seq: seq, body: body)
        }
        return try foundationEnvelope(of: Data(body.readableBytesView))
    }

    /// The envelope as Foundation reads it: a full parse for validity, then the two fields.
    func foundationEnvelope(of data: Data) throws(WireError) -> Envelope {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalidJSON(detail: data.isEmpty ? "empty frame" : "not JSON")
        }
        guard object is [String: Any] else {
            throw .invalidJSON(detail: "a JSON value that is not an object")
        }
        guard let fields = try? JSONDecoder().decode(EnvelopeFields.self, from: data) else {
            throw .missingEnvelope
        }
        return try Self.envelope(type: fields.type, seq: fields.seq, body: ByteBuffer(bytes: data))
    }

    static func envelope(type name: String, seq: Int, body: ByteBuffer) throws(WireError) -> Envelope {
        guard let type = MessageType(rawValue: name) else {
            // Echo the type back only when it is a plain word: never hand a terminal escapes.
            let plain = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            throw .unknownType(plain ? String(name.prefix(40)) : "(not shown)")
        }
        return Envelope(type: type, seq: seq, body: body)
    }

    /// Reads a frame body as `Message`.
    public func decode<Message: Decodable>(_: Message.Type, from envelope: Envelope) throws(WireError) -> Message {
        let data = Data(envelope.body.readableBytesView)
        do {
            return try JSONDecoder().decode(Message.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let located = Self.locate(Message.self, in: data) {
                throw .invalidFields(type: envelope.type.rawValue, detail: Self.describe(located))
            }
            throw .invalidFields(type: envelope.type.rawValue, detail: Self.describe(error))
        } catch {
            throw .invalidFields(type: envelope.type.rawValue, detail: "unreadable")
        }
    }

    /// Reads a frame body as `Message`, a type built from standard-library types only (a game's
    /// move: games depend on nothing but the standard library and PartyKit).
    ///
    /// A move message whose move is `JSONReadable` is read by `JSONInput` when the body is in its
    /// subset (see `JSONReadableMessage`). Otherwise a body in `JSONTreeParser`'s subset is parsed
    /// in one pass and decoded by `JSONTreeDecoder`, without `JSONDecoder`; anything else, and anything that fails that way, is decoded by
    /// `decode(_:from:)`, so the result and every error are exactly what Foundation gives.
    /// Foundation types with their own JSON forms (`Date`, `Data`, `URL`, `Decimal`) must use
    /// `decode(_:from:)`.
    public func decodeStandard<Message: Decodable>(_: Message.Type, from envelope: Envelope) throws(WireError) -> Message {
        if let readable = Message.self as? any JSONReadableMessage.Type,
           let message = envelope.body.withUnsafeReadableBytes({ readable.read(from: $0) }) as? Message {
            return message
        }
        return try decodeWithoutReader(Message.self, from: envelope)
    }

    /// `decodeStandard` past `JSONInput`: the tree decoder, then Foundation.
    func decodeWithoutReader<Message: Decodable>(_: Message.Type, from envelope: Envelope) throws(WireError) -> Message {
        let tree = envelope.body.withUnsafeReadableBytes { JSONTreeParser.parse($0) }
        if let tree, let message = try? Message(from: JSONTreeDecoder(tree)) { return message }
        return try decode(Message.self, from: envelope)
    }

    /// The error that names the field, for a body Foundation refused without saying where (a number
    /// that does not fit its field); nil when the tree decoder finds nothing either.
    static func locate<Message: Decodable>(_: Message.Type, in body: Data) -> DecodingError? {
        guard let tree = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        do {
            _ = try Message(from: JSONTreeDecoder(tree))
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            return nil
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the message" : "\"\(names.joined(separator: "."))\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "missing field \"\(key.stringValue)\"\(parent)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            if let problem = context.underlyingError as? JSONTreeDecoder.NumberProblem {
                return "\(path(context)) \(problem.text)"
            }
            return "\(path(context)) is not valid"
        @unknown default:
            return "unreadable"
        }
    }
}

/// A received frame whose `type` and `seq` have been read; the body is decoded on demand.
public struct Envelope: Sendable {
    /// The message type.
    public var type: MessageType
    /// The sender's sequence number.
    public var seq: Int
    /// The whole JSON body: the received frame itself, not a copy of it.
    public var body: ByteBuffer
}

/// The two fields every message has.
struct EnvelopeFields: Decodable {
    var type: String
    var seq: Int
}

/// A message with its envelope fields, as encoded.
struct Outgoing<Message: WireMessage>: Encodable {
    var seq: Int
    var message: Message

    enum CodingKeys: String, CodingKey { case type, seq }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Message.type, forKey: .type)
        try container.encode(seq, forKey: .seq)
        try message.encode(to: encoder)
    }
}
