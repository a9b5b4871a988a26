import NIOCore
import PartyKit

// The messages that write themselves implement `WireMessage.writeBody(seq:to:)`: a view message
// whose view is `JSONWritable` (the message the host sends most, one per seat per move), and the
// lobby and game-over messages around every game.

extension WireMessage {
    /// The body in a buffer that keeps `headroom` bytes before it, or nil when the message does
    /// not write itself.
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

extension ViewMessage {
    /// The view message's body when its view writes itself: through the writer it was made with
    /// (found once per game, no cast per message), or else a view found `JSONWritable` now.
    public func writeBody(seq: Int, to output: inout JSONOutput) -> Bool {
        if let writer {
            writeBody(seq: seq, to: &output) { writer.write(view, &$0) }
            return true
        }
        guard let view = view as? any JSONWritable else { return false }
        writeBody(seq: seq, to: &output) { $0.value(view) }
        return true
    }

    private func writeBody(seq: Int, to output: inout JSONOutput, view writeView: (inout JSONOutput) -> Void) {
        output.beginMessage(Self.type, seq: seq)
        output.field("game", game)
        output.key("view")
        writeView(&output)
        output.field("yourTurn", yourTurn)
        output.field("deadlineMs", deadlineMs)
        output.endObject()
    }
}

extension EncodedJSON: JSONWritable {
    /// The JSON it holds, verbatim.
    public func writeJSON(to output: inout JSONOutput) {
        output.json(bytes.readableBytesView)
    }
}
