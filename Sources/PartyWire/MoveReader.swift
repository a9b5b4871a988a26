import PartyKit

/// Reads one game's `move` messages as `MessageCodec.decodeStandard` does (the same move or the
/// same error for every body), having found out once, not at every move, whether the move reads
/// itself (`JSONReadable`). A host makes one when a game starts.
///
/// `@unchecked Sendable`: `read` captures nothing but a type's metadata, which is immutable and
/// global, so calling it from any thread is safe (see `ViewWriter`).
public struct MoveReader<Move: Codable & Sendable>: @unchecked Sendable {
    /// Reads a body in `JSONInput`'s subset; nil when the move does not read itself.
    private let read: ((UnsafeRawBufferPointer) -> MoveMessage<Move>?)?

    /// The reader of `Move`'s messages.
    public init() {
        if let readable = MoveMessage<Move>.self as? any JSONReadableMessage.Type {
            read = Self.opened(readable)
        } else {
            read = nil
        }
    }

    /// A reader through `Message`'s own conformance, `Message` being `MoveMessage<Move>` (the cast
    /// of each message is then from a type to itself, which the runtime does by a copy).
    private static func opened<Message: JSONReadableMessage>(_: Message.Type) -> (UnsafeRawBufferPointer) -> MoveMessage<Move>? {
        { body in Message.read(from: body).map { $0 as! MoveMessage<Move> } }
    }

    /// The move message in `envelope`, or the error `decodeStandard` gives for it.
    public func read(_ envelope: Envelope, codec: MessageCodec) throws(WireError) -> MoveMessage<Move> {
        if let read, let message = envelope.body.withUnsafeReadableBytes(read) {
            return message
        }
        return try codec.decodeWithoutReader(MoveMessage<Move>.self, from: envelope)
    }
}
