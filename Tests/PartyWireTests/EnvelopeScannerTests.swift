import Foundation
import NIOCore
@testable import PartyWire
import Testing

/// The envelope as Foundation alone reads it (the codec before `EnvelopeScanner`): the reference
/// every answer of the fast path must equal.
private func referenceEnvelope(_ bytes: [UInt8]) -> Result<Envelope, WireError> {
    Result { () throws(WireError) -> Envelope in try MessageCodec().foundationEnvelope(of: Data(bytes)) }
}

private func codecEnvelope(_ bytes: [UInt8]) -> Result<Envelope, WireError> {
    Result { () throws(WireError) -> Envelope in try MessageCodec().envelope(of: ByteBuffer(bytes: bytes)) }
}

private func same(_ left: Result<Envelope, WireError>, _ right: Result<Envelope, WireError>) -> Bool {
    switch (left, right) {
    case (.success(let a), .success(let b)): a.type == b.type && a.seq == b.seq && a.body == b.body
    case (.failure(let a), .failure(let b)): a == b
    default: false
    }
}

private func scanned(_ text: String) -> EnvelopeScanner.Fields? {
    Array(text.utf8).withUnsafeBytes { EnvelopeScanner.scan($0) }
}

@Suite("The envelope scanner answers exactly as Foundation does")
struct EnvelopeScannerTests {
    /// Typical messages of both directions: all of them must take the fast path.
    static let typical: [String] = [
        #"{"type":"move","seq":4,"move":{"column":4}}"#,
        #"{"type":"heartbeat","seq":5}"#,
        #"{"seq":9,"type":"ready","ready":true}"#,
        #"{"type":"hello","seq":1,"protocol":1,"client":"pyclient","clientVersion":"0.1","name":"Ann \u00e9 😀","game":"fourinarow","bot":true}"#,
        #"{"type":"view","seq":8,"game":1,"yourTurn":false,"view":{"board":[".......","...0..."],"players":[0,1],"turn":1,"you":0,"last":4,"moves":1,"winning":[]}}"#,
        #"{"type":"lobby","seq":4,"state":"playing","players":[{"seat":0,"name":"Ann","ready":false,"host":false,"bot":false,"rematch":false,"connected":true}],"you":1,"spectators":0,"canStart":false,"gamesPlayed":1,"message":"Four in a Row is on."}"#,
        #"{"type":"move","seq":7,"move":{"strike":{"x":0.25,"y":-0.5,"radius":0.1}}}"#,
        " \t\r\n{ \"type\" : \"leave\" , \"seq\" : 10 } \n",
        #"{"type":"dance","seq":1}"#,
        #"{"type":"ready","seq":-9223372036854775808}"#,
        #"{"type":"ready","seq":1,"seq":"x","type":7}"#,
        #"{"seq":1}"#,
        #"{"type":"ready","seq":true}"#,
    ]

    /// Edge cases where Foundation has its own opinion (quirks included); most leave the fast path.
    static let edges: [String] = [
        "", " ", "{", "}", "[1,2]", "null", "42", "\"ready\"", "{}",
        #"{"type":"a","seq":1.0}"#, #"{"type":"a","seq":1e2}"#, #"{"type":"a","seq":-0}"#, #"{"type":"a","seq":01}"#,
        #"{"type":"a","seq":1.}"#, #"{"type":"a","seq":.5}"#, #"{"type":"a","seq":+1}"#, #"{"type":"a","seq":1e}"#,
        #"{"type":"ready","seq":9223372036854775807}"#, #"{"type":"ready","seq":9223372036854775808}"#,
        #"{"type":"ready","seq":-9223372036854775809}"#, #"{"type":"ready","seq":1,"x":1e309}"#, #"{"type":"ready","seq":1,"x":1e-400}"#,
        #"{"type":"ready","seq":1,"x":123456789012345678901234567890}"#, "{\"type\":\"ready\",\"seq\":1,\"x\":\"\t\"}",
        #"{"type":"ready","seq":1,"x":"\x"}"#, #"{"type":"ready","seq":1,"x":"\udc00"}"#, #"{"type":"ready","seq":1,"x":"\ud800\u0041"}"#,
        #"{"type":"ready","seq":1,"x":"\uD83D\uDE00"}"#, #"{"\u0074ype":"ready","seq":1}"#, #"{"type":"\u0072eady","seq":1}"#,
        #"{"type":"ready","seq":"x","seq":1}"#, #"{"type":1,"type":"ready","seq":1}"#, #"{"type":"ready","type":"leave","seq":1}"#,
        "\u{FEFF}{\"type\":\"ready\",\"seq\":1}", "{\"type\":\"ready\",\"seq\":1,}", "{\"type\":\"ready\",,\"seq\":1}",
        #"{"type":"ready","seq":1,"x":[1,]}"#, #"{"type":"ready","seq":1,"x":tru}"#, #"{"type":"ready","seq":1,"x":NaN}"#,
        "{\"type\":\"ready\",\"seq\":1,\"x\":\"\u{7F}\"}", "{\"type\":\"ready\",\"seq\":1,\"x\":\"\u{0}\"}",
        "{\"type\":\"ready\",\"seq\":1}\u{0}", "\u{0}{\"type\":\"ready\",\"seq\":1}", "{\"type\"\u{0B}:\"ready\",\"seq\":1}",
        #"{"type":"ready","seq":1,"x":{"y"}}"#, #"{"type":"ready","seq":1,"x":{1:2}}"#, #"{"type":"ready","seq":1} {"type":"leave"}"#,
        #"{"type":"hel\u0000lo","seq":1}"#, #"{"type":"\u001b[2J","seq":1}"#, #"{"type":"héllo","seq":1}"#,
    ]

    /// Arrays and objects nested around the limits of the scanner (128) and of Foundation (512).
    static let nested: [String] = {
        var texts: [String] = []
        for depth in [126, 127, 128, 510, 511, 512, 10_000] {
            let arrays: String = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let objects: String = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            texts.append(#"{"type":"ready","seq":1,"x":"# + arrays + "}")
            texts.append(#"{"type":"ready","seq":1,"x":"# + objects + "}")
        }
        return texts
    }()

    /// Bodies that are not UTF-8 text: a BOM, UTF-16, broken or overlong sequences, encoded surrogates.
    static let rawEdges: [[UInt8]] = {
        let ready: [UInt8] = Array(#"{"type":"ready","seq":1}"#.utf8)
        var bodies: [[UInt8]] = [[0x7B, 0xFF, 0xFE, 0x7D], [0xEF, 0xBB, 0xBF] + ready]
        var utf16: [UInt8] = []
        for unit in #"{"type":"ready","seq":1}"#.utf16 {
            utf16.append(UInt8(unit >> 8))
            utf16.append(UInt8(unit & 0xFF))
        }
        bodies.append(utf16)
        let sequences: [[UInt8]] = [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xC3, 0x28], [0xE2, 0x82]]
        let head: [UInt8] = Array(#"{"type":"ready","seq":1,"x":""#.utf8)
        let tail: [UInt8] = Array(#""}"#.utf8)
        for sequence in sequences { bodies.append(head + sequence + tail) }
        return bodies
    }()

    @Test("typical messages take the fast path", arguments: typical)
    func fastPath(text: String) {
        #expect(scanned(text) != nil)
    }

    @Test("a typical message and its envelope", arguments: typical)
    func typicalAnswer(text: String) {
        #expect(same(codecEnvelope(Array(text.utf8)), referenceEnvelope(Array(text.utf8))))
    }

    @Test("edge cases get Foundation's answer", arguments: edges + nested)
    func edge(text: String) {
        #expect(same(codecEnvelope(Array(text.utf8)), referenceEnvelope(Array(text.utf8))))
    }

    @Test("byte-level edge cases get Foundation's answer", arguments: rawEdges)
    func rawEdge(bytes: [UInt8]) {
        #expect(same(codecEnvelope(bytes), referenceEnvelope(bytes)))
    }

    @Test("what the scanner leaves to Foundation", arguments: [
        #"{"type":"a","seq":1.0}"#, #"{"type":"a","seq":1e2}"#, #"{"\u0074ype":"a","seq":1}"#, #"{"type":"\u0061","seq":1}"#,
        "{\"type\":\"a\",\"seq\":1,}", #"{"type":"a","seq":1,"x":"\ud83d\ude00"}"#, #"{"type":"a","seq":1,"x":1e5}"#,
        #"{"type":"a","seq":99999999999999999999}"#,
    ])
    func leftToFoundation(text: String) {
        #expect(scanned(text) == nil)
    }

    /// Thousands of small corruptions of typical messages (a fixed seed): whenever the fast path
    /// answers, it answers as Foundation does.
    @Test("mutated messages get Foundation's answer")
    func mutations() {
        var random = SplitMix(state: 9)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \tnulltruefalse\u00x"#.utf8) + [0, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xFF, 0x0A]
        var fast = 0
        for round in 0..<20_000 {
            var bytes = Array(Self.typical[round % Self.typical.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 3)) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 4 {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                case 2: bytes.remove(at: at)
                default: bytes.removeSubrange(at...)
                }
            }
            if bytes.withUnsafeBytes({ EnvelopeScanner.scan($0) }) != nil { fast += 1 }
            let ours = codecEnvelope(bytes), theirs = referenceEnvelope(bytes)
            #expect(same(ours, theirs), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        // The corpus must exercise the fast path, not only the fallback.
        #expect(fast > 2_000)
    }
}

/// A small seeded generator (SplitMix64), so the mutations are the same on every run.
private struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
