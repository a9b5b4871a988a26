import NIOCore
import PartyKit

/// A message whose body may be written by `JSONOutput` rather than through `Encodable`: a view
/// message whose view is `JSONWritable` (the message the host sends most, one per seat per move),
/// and the lobby and game-over messages around every game.
protocol JSONWritableMessage {
    /// Writes the whole body, `type` and `seq` included, members in the order `Encodable` writes
    /// them; false, having written nothing, when the message cannot be written this way.
    func writeBody(seq: Int, to output: inout JSONOutput) -> Bool
}

extension JSONWritableMessage {
    /// The body in a buffer that keeps `headroom` bytes before it, or nil when it cannot be
    /// written this way.
    func writtenBody(seq: Int, headroom: Int) -> ByteBuffer? {
        var output = JSONOutput(capacity: 256)
        guard writeBody(seq: seq, to: &output) else { return nil }
        var buffer = ByteBufferAllocator().buffer(capacity: headroom + output.bytes.count)
        buffer.moveWriterIndex(forwardBy: headroom)
        buffer.moveReaderIndex(forwardBy: headroom)
        buffer.writeBytes(output.bytes)
        return buffer
    }
}

extension ViewMessage: JSONWritableMessage {
    func writeBody(seq: Int, to output: inout JSONOutput) -> Bool {
        guard let view = view as? any JSONWritable else { return false }
        output.beginMessage(Self.type, seq: seq)
        output.field("game", game)
        output.key("view")
        output.value(view)
        output.field("yourTurn", yourTurn)
        output.field("deadlineMs", deadlineMs)
        output.endObject()
        return true
    }
}

extension EncodedJSON: JSONWritable {
    /// The JSON it holds, verbatim.
    public func writeJSON(to output: inout JSONOutput) {
        output.json(bytes.readableBytesView)
    }
}
