import NIOCore
import PartyWire
import Testing

@Suite("What an unknown type echoes back")
struct UnknownTypeEchoTests {
    @Test("a plain word comes back; escape sequences and other characters never do", arguments: [
        (#"{"type":"dance","seq":1}"#, "dance"),
        (#"{"type":"\u001b[2J\u001b]0;pwned\u0007","seq":1}"#, "(not shown)"),
        (#"{"type":"hello world","seq":1}"#, "(not shown)"),
        (#"{"type":"héllo","seq":1}"#, "(not shown)"),
    ])
    func echo(text: String, shown: String) {
        #expect(throws: WireError.unknownType(shown)) {
            _ = try MessageCodec().envelope(of: ByteBuffer(string: text))
        }
    }
}
