import PartyKit

/// A message that may be read by `JSONInput` rather than through `Decodable`: a move message whose
/// move is `JSONReadable` (the message the host reads most, one per turn).
protocol JSONReadableMessage {
    /// The message in `body`, or nil when the body is outside what `JSONInput` reads (then
    /// `Decodable` reads it, and names the error if there is one).
    static func read(from body: UnsafeRawBufferPointer) -> Self?
}

extension MoveMessage: JSONReadableMessage where Move: JSONReadable {
    static func read(from body: UnsafeRawBufferPointer) -> MoveMessage<Move>? {
        JSONInput.read(body) { input throws(JSONInput.Mismatch) -> MoveMessage<Move> in
            var move: Move?
            var seat: Int?
            try input.readObject { key, value throws(JSONInput.Mismatch) in
                if key.matches("move") {
                    move = try Move(json: &value)
                } else if key.matches("seat") {
                    seat = value.readNull() ? nil : try value.readInt()
                } else if key.matches("type") || key.matches("seq") {
                    // Read by the envelope already; `Decodable` ignores them here too.
                    try value.skipScalar()
                } else {
                    throw JSONInput.Mismatch()
                }
            }
            guard let move else { throw JSONInput.Mismatch() }
            return MoveMessage(move: move, seat: seat)
        }
    }
}
