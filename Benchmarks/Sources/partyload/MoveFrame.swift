import FourInARow
import NIOCore
import PartyWire

/// A Four in a Row `move` message's body, written byte by byte: the load clients share the cores
/// with the hosts they measure, so they do not run the codec for the one message they send per
/// move. `check()` proves at start-up that the bytes are exactly the codec's (the relay floor's
/// clients, for comparison, send prepared bytes and encode nothing).
enum MoveFrame {
    private static let head = Array(#"{"type":"move","seq":"#.utf8)
    private static let middle = Array(#","move":{"column":"#.utf8)

    /// The body of `move` with `column` and `seq`, with room for the frame's length before it
    /// (as `MessageCodec.encode` leaves it for `FramePrepender`).
    static func body(seq: Int, column: Int) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: FramePrepender.headroom + 48)
        buffer.moveWriterIndex(forwardBy: FramePrepender.headroom)
        buffer.moveReaderIndex(forwardBy: FramePrepender.headroom)
        buffer.writeBytes(head)
        buffer.writeString(String(seq))
        buffer.writeBytes(middle)
        buffer.writeString(String(column))
        buffer.writeStaticString("}}")
        FramePrepender.writeLength(into: &buffer)
        return buffer
    }

    /// Throws unless `body` gives the codec's bytes, length included, for every column and a range
    /// of numbers, and unless the clients' scan of a view reads what the codec reads (`LeanView.check`).
    static func check() throws {
        try LeanView.check()
        let codec = MessageCodec()
        for seq in [1, 9, 10, 99, 12_345, Int.max] {
            for column in 1...7 {
                let expected = try codec.encode(MoveMessage(move: FourInARowMove(column: column)), seq: seq)
                var mine = body(seq: seq, column: column), theirs = expected
                mine.moveReaderIndex(to: 0)
                theirs.moveReaderIndex(to: 0)
                guard mine == theirs else {
                    throw LoadError.frameMismatch("move, seq \(seq), column \(column)")
                }
            }
        }
    }
}
