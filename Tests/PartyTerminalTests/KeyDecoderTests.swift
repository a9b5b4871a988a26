import PartyKit
import PartyTerminal
import Testing

/// One row of the decoder table: bytes in, keys out (after a final flush).
struct DecoderCase: Sendable, CustomTestStringConvertible {
    /// What the row shows.
    var name: String
    /// The bytes fed in one go.
    var bytes: [UInt8]
    /// The keys expected, in order.
    var keys: [Key]

    init(_ name: String, _ bytes: [UInt8], _ keys: [Key]) {
        self.name = name
        self.bytes = bytes
        self.keys = keys
    }

    init(_ name: String, _ text: String, _ keys: [Key]) {
        self.init(name, Array(text.utf8), keys)
    }

    var testDescription: String { name }
}

/// ESC, for building sequences.
private let esc = "\u{1B}"

/// Every kind of input the decoder knows, and some it must ignore.
let decoderCases: [DecoderCase] = [
    // Printable ASCII and UTF-8.
    DecoderCase("letter", "a", [.character("a")]),
    DecoderCase("capital", "Z", [.character("Z")]),
    DecoderCase("space", " ", [.character(" ")]),
    DecoderCase("tilde", "~", [.character("~")]),
    DecoderCase("digits", "17", [.character("1"), .character("7")]),
    DecoderCase("two-byte UTF-8", "é", [.character("é")]),
    DecoderCase("three-byte UTF-8", "€", [.character("€")]),
    DecoderCase("four-byte UTF-8", "😀", [.character("😀")]),
    DecoderCase("UTF-8 between ASCII", "aäb", [.character("a"), .character("ä"), .character("b")]),
    // Enter, Backspace, Tab.
    DecoderCase("carriage return", [0x0D], [.enter]),
    DecoderCase("line feed", [0x0A], [.enter]),
    DecoderCase("CR LF is one Enter", [0x0D, 0x0A], [.enter]),
    DecoderCase("two CRs", [0x0D, 0x0D], [.enter, .enter]),
    DecoderCase("two LFs", [0x0A, 0x0A], [.enter, .enter]),
    DecoderCase("LF CR", [0x0A, 0x0D], [.enter, .enter]),
    DecoderCase("CR LF twice", [0x0D, 0x0A, 0x0D, 0x0A], [.enter, .enter]),
    DecoderCase("CR x LF", [0x0D, 0x78, 0x0A], [.enter, .character("x"), .enter]),
    DecoderCase("DEL is Backspace", [0x7F], [.backspace]),
    DecoderCase("BS is Backspace", [0x08], [.backspace]),
    DecoderCase("tab", [0x09], [.tab]),
    // Control letters.
    DecoderCase("Ctrl-A", [0x01], [.control("a")]),
    DecoderCase("Ctrl-C", [0x03], [.control("c")]),
    DecoderCase("Ctrl-D", [0x04], [.control("d")]),
    DecoderCase("Ctrl-L", [0x0C], [.control("l")]),
    DecoderCase("Ctrl-Q", [0x11], [.control("q")]),
    DecoderCase("Ctrl-Z", [0x1A], [.control("z")]),
    DecoderCase("NUL ignored", [0x00], []),
    DecoderCase("Ctrl-backslash ignored", [0x1C], []),
    DecoderCase("Ctrl-] ^ _ ignored", [0x1D, 0x1E, 0x1F], []),
    // Escape on its own and before other keys.
    DecoderCase("lone Escape", esc, [.escape]),
    DecoderCase("Escape Escape", esc + esc, [.escape, .escape]),
    DecoderCase("Alt-x is Escape then x", esc + "x", [.escape, .character("x")]),
    DecoderCase("Escape then Enter", esc + "\r", [.escape, .enter]),
    DecoderCase("Escape before an arrow", esc + esc + "[A", [.escape, .arrow(.up, shift: false)]),
    DecoderCase("Escape [ at the end", esc + "[", [.escape, .character("[")]),
    DecoderCase("Escape O at the end", esc + "O", [.escape, .character("O")]),
    // Arrows.
    DecoderCase("CSI up", esc + "[A", [.arrow(.up, shift: false)]),
    DecoderCase("CSI down", esc + "[B", [.arrow(.down, shift: false)]),
    DecoderCase("CSI right", esc + "[C", [.arrow(.right, shift: false)]),
    DecoderCase("CSI left", esc + "[D", [.arrow(.left, shift: false)]),
    DecoderCase("SS3 up", esc + "OA", [.arrow(.up, shift: false)]),
    DecoderCase("SS3 down", esc + "OB", [.arrow(.down, shift: false)]),
    DecoderCase("SS3 right", esc + "OC", [.arrow(.right, shift: false)]),
    DecoderCase("SS3 left", esc + "OD", [.arrow(.left, shift: false)]),
    DecoderCase("shift up", esc + "[1;2A", [.arrow(.up, shift: true)]),
    DecoderCase("shift down", esc + "[1;2B", [.arrow(.down, shift: true)]),
    DecoderCase("shift right", esc + "[1;2C", [.arrow(.right, shift: true)]),
    DecoderCase("shift left", esc + "[1;2D", [.arrow(.left, shift: true)]),
    DecoderCase("alt right has no shift", esc + "[1;3C", [.arrow(.right, shift: false)]),
    DecoderCase("alt-shift right", esc + "[1;4C", [.arrow(.right, shift: true)]),
    DecoderCase("ctrl right has no shift", esc + "[1;5C", [.arrow(.right, shift: false)]),
    DecoderCase("ctrl-shift left", esc + "[1;6D", [.arrow(.left, shift: true)]),
    DecoderCase("arrows in a row", esc + "[A" + esc + "[B" + esc + "OC",
                [.arrow(.up, shift: false), .arrow(.down, shift: false), .arrow(.right, shift: false)]),
    // Home, End, Delete, Page Up, Page Down.
    DecoderCase("CSI H is Home", esc + "[H", [.home]),
    DecoderCase("CSI 1~ is Home", esc + "[1~", [.home]),
    DecoderCase("CSI 7~ is Home", esc + "[7~", [.home]),
    DecoderCase("SS3 H is Home", esc + "OH", [.home]),
    DecoderCase("CSI F is End", esc + "[F", [.end]),
    DecoderCase("CSI 4~ is End", esc + "[4~", [.end]),
    DecoderCase("CSI 8~ is End", esc + "[8~", [.end]),
    DecoderCase("SS3 F is End", esc + "OF", [.end]),
    DecoderCase("Delete", esc + "[3~", [.delete]),
    DecoderCase("Ctrl-Delete", esc + "[3;5~", [.delete]),
    DecoderCase("Page Up", esc + "[5~", [.pageUp]),
    DecoderCase("Page Down", esc + "[6~", [.pageDown]),
    // Sequences that mean nothing here.
    DecoderCase("Insert ignored", esc + "[2~", []),
    DecoderCase("F5 ignored", esc + "[15~", []),
    DecoderCase("F1 (SS3 P) ignored", esc + "OP", []),
    DecoderCase("Shift-Tab ignored", esc + "[Z", []),
    DecoderCase("focus in ignored", esc + "[I", []),
    DecoderCase("focus out ignored", esc + "[O", []),
    DecoderCase("SGR mouse report ignored", esc + "[<0;10;5M", []),
    DecoderCase("device attributes ignored", esc + "[?1;2c", []),
    DecoderCase("cursor report ignored", esc + "[12;40R", []),
    DecoderCase("private-prefixed arrow ignored", esc + "[>1A", []),
    DecoderCase("intermediate byte ignored", esc + "[1 q", []),
    DecoderCase("bracketed paste markers dropped, text kept", esc + "[200~hi" + esc + "[201~",
                [.character("h"), .character("i")]),
    DecoderCase("key after an unknown sequence", esc + "[99X" + "q", [.character("q")]),
    DecoderCase("very long sequence dropped whole", esc + "[" + String(repeating: "9;", count: 50) + "~" + "k",
                [.character("k")]),
    DecoderCase("very long broken sequence dropped", esc + "[" + String(repeating: "9", count: 80) + "\u{01}k",
                [.control("a"), .character("k")]),
    DecoderCase("broken CSI, then a control", esc + "[1" + "\u{01}", [.control("a")]),
    // Bytes that are not UTF-8, or not printable.
    DecoderCase("0xFF dropped", [0xFF], []),
    DecoderCase("overlong encoding dropped", [0xC0, 0xAF, 0x61], [.character("a")]),
    DecoderCase("lone continuation dropped", [0x80, 0x62], [.character("b")]),
    DecoderCase("truncated character dropped", [0xE2, 0x82, 0x61], [.character("a")]),
    DecoderCase("surrogate dropped", [0xED, 0xA0, 0x80, 0x63], [.character("c")]),
    DecoderCase("C1 control as UTF-8 dropped", [0xC2, 0x85, 0x64], [.character("d")]),
    DecoderCase("8-bit CSI dropped", [0x9B, 0x41], [.character("A")]),
    DecoderCase("unfinished character at the end dropped", [0x61, 0xF0, 0x9F], [.character("a")]),
]

@Suite("KeyDecoder")
struct KeyDecoderTests {
    @Test("decodes in one feed", arguments: decoderCases)
    func wholeFeed(_ row: DecoderCase) {
        var decoder = KeyDecoder()
        let keys = decoder.feed(row.bytes) + decoder.flush()
        #expect(keys == row.keys)
        #expect(!decoder.isWaiting)
    }

    @Test("decodes the same when fed byte by byte", arguments: decoderCases)
    func byteByByte(_ row: DecoderCase) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in row.bytes { keys += decoder.feed([byte]) }
        keys += decoder.flush()
        #expect(keys == row.keys)
    }

    @Test("decodes the same when split anywhere", arguments: decoderCases.filter { $0.bytes.count > 1 })
    func splitAnywhere(_ row: DecoderCase) {
        for cut in 1..<row.bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(row.bytes[..<cut]) + decoder.feed(row.bytes[cut...]) + decoder.flush()
            #expect(keys == row.keys, "cut after \(cut) bytes")
        }
    }

    @Test("all rows fed as one stream decode to all keys, in order")
    func allTogether() {
        // Rows ending in something unfinished only complete on a flush, so leave those out; a "|"
        // between rows keeps a CR at the end of one from pairing with an LF at the start of the next.
        let rows = decoderCases.filter { row in
            var decoder = KeyDecoder()
            return decoder.feed(row.bytes) == row.keys
        }
        #expect(rows.count > decoderCases.count * 3 / 4)
        var decoder = KeyDecoder()
        let stream = rows.flatMap { $0.bytes + [UInt8(ascii: "|")] }
        let keys = decoder.feed(stream)
        #expect(keys == rows.flatMap { $0.keys + [.character("|")] })
        #expect(!decoder.isWaiting)
    }

    @Test("complete keys come out without waiting for a flush")
    func noFlushNeeded() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[Ax".utf8)) == [.arrow(.up, shift: false), .character("x")])
        #expect(!decoder.isWaiting)
        #expect(decoder.flush() == [])
    }

    @Test("a lone Escape waits for the flush")
    func loneEscapeWaits() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.flush() == [])
    }

    @Test("an arrow split across reads is still an arrow")
    func splitArrow() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("1;2".utf8)) == [])
        #expect(decoder.feed(Array("C".utf8)) == [.arrow(.right, shift: true)])
        #expect(!decoder.isWaiting)
    }

    @Test("an unfinished character waits, and a flush drops it")
    func unfinishedCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xE2, 0x82]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [])
        #expect(decoder.feed([0xAC]) == [])
        #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
    }

    @Test("CR and LF in separate reads are one Enter")
    func carriageReturnThenLineFeed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x0D]) == [.enter])
        #expect(decoder.feed([0x0A]) == [])
        #expect(decoder.feed([0x0A]) == [.enter])
    }
}
