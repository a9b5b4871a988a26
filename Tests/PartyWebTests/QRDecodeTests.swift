import PartyTestSupport
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

    /// Text exactly as long as `version` holds at `level`, so that version and level are drawn.
    static func filling(version: Int, level: QRErrorCorrection) -> String {
        let count = QRCode.byteCapacity(version: version, errorCorrection: level)
        let prefix = count >= 9 ? "http://x/" : ""  // 1-H holds only 7 bytes
        return prefix + String((0..<(count - prefix.count)).map { i in Character(Unicode.Scalar(UInt8(97 + (i * 7 + version) % 26))) })
    }

    /// Every version at M, and every seventh or so at L, Q and H (each version and level has its own
    /// block layout), filled to capacity and read back.
    @Test(arguments: QRErrorCorrection.allCases)
    func decodesVersionsFilledToCapacity(level: QRErrorCorrection) throws {
        let versions = level == .medium ? Array(1...40) : [1, 2, 7, 13, 19, 25, 31, 37, 40]
        for version in versions {
            let text = Self.filling(version: version, level: level)
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
