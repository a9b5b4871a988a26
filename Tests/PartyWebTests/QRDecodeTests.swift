import Testing
@testable import PartyWeb

/// Every code drawn is read back by an independent decoder, zbarimg.
@Suite("QR code read by zbarimg", .enabled(if: ZBar.available, Comment(rawValue: ZBar.missing)))
struct QRDecodeTests {
    static let urls = [
        "http://a/",
        "http://192.168.1.20:7777/",
        "http://10.0.0.7:49152/tv",
        "http://[::1]:7777/",
        "http://[fe80::1ff:fe23:4567:890a%25en0]:7777/",
        "http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]:65535/?name=Guest%20One&seat=3",
        "http://partyhost-alices-macbook.local:7777/",
        "http://192.168.178.100:7777/?token=" + String(repeating: "a1b2c3d4", count: 12),
        "https://example.org/" + String(repeating: "path/", count: 60),
    ]

    static func decode(_ code: QRCode) throws -> String {
        try ZBar.decode(pbm: ZBar.pbm(size: code.size) { code[$0, $1] })
    }

    @Test(arguments: urls, QRErrorCorrection.allCases)
    func decodesURLs(url: String, level: QRErrorCorrection) throws {
        let code = try QRCode(encoding: url, errorCorrection: level)
        #expect(try Self.decode(code) == url)
    }

    /// One text per version, exactly as long as that version holds at the level, so each of the 40
    /// versions (and with them every block layout at that level) is drawn and read.
    @Test(arguments: [QRErrorCorrection.medium, .low])
    func decodesEveryVersionFilledToCapacity(level: QRErrorCorrection) throws {
        for version in 1...40 {
            let count = QRCode.byteCapacity(version: version, errorCorrection: level)
            let text = "http://x/" + String((0..<(count - 9)).map { i in Character(Unicode.Scalar(UInt8(97 + (i * 7 + version) % 26))) })
            let code = try QRCode(encoding: text, errorCorrection: level)
            #expect(code.version == version)
            #expect(try Self.decode(code) == text, "version \(version)-\(level)")
        }
    }

    @Test(arguments: 0...7)
    func decodesEveryMask(mask: Int) throws {
        let code = try QRCode(encoding: "http://192.168.1.20:7777/", mask: mask)
        #expect(try Self.decode(code) == "http://192.168.1.20:7777/")
    }

    /// The terminal drawing read back into modules (a glyph's upper and lower halves) and decoded: for
    /// `.lightGlyphs` a glyph half is light, as it shows in light text on a dark terminal.
    @Test(arguments: [QRTextStyle.darkGlyphs, .lightGlyphs])
    func decodesTheHalfBlockText(style: QRTextStyle) throws {
        let url = "http://[fd00::1:2]:7777/"
        let code = try QRCode(encoding: url)
        let lines = code.lines(style: style).map { Array($0.unicodeScalars) }
        let quiet = QRCode.quietZone
        let image = ZBar.pbm(size: code.size + 2 * quiet, margin: 0) { x, y in
            let glyph = lines[y / 2][x]
            let ink = y % 2 == 0 ? (glyph == "█" || glyph == "▀") : (glyph == "█" || glyph == "▄")
            return style == .darkGlyphs ? ink : !ink
        }
        #expect(try ZBar.decode(pbm: image) == url)
    }
}
