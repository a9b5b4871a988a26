import Testing
@testable import PartyWeb

@Suite("QR code")
struct QRCodeTests {
    static func rows(_ code: QRCode) -> [String] {
        (0..<code.size).map { y in (0..<code.size).map { code[$0, y] ? "1" : "0" }.joined() }
    }

    @Test func matchesLibqrencodeForAShortURLWithItsMask() throws {
        let code = try QRCode(encoding: QRSamples.joinURLText, errorCorrection: .medium, mask: 7)
        #expect(code.version == 2)
        #expect(Self.rows(code) == QRSamples.joinURL)
    }

    @Test func matchesLibqrencodeForAVersion8URLMaskIncluded() throws {
        let code = try QRCode(encoding: QRSamples.longIPv6URLText, errorCorrection: .medium)
        #expect(code.version == 8)
        #expect(code.mask == 2)
        #expect(Self.rows(code) == QRSamples.longIPv6URL)
    }

    /// ISO/IEC 18004's worked example (annex I): "01234567" as 1-M; its 16 data codewords give these
    /// 10 error correction codewords.
    @Test func reedSolomonMatchesTheStandardsExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ecc = ReedSolomon.remainder(data, generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func capacitiesMatchTheStandardsTable() {
        // ISO/IEC 18004:2015 table 7, byte mode.
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .medium) == 14)
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .high) == 7)
        #expect(QRCode.byteCapacity(version: 10, errorCorrection: .medium) == 213)
        #expect(QRCode.byteCapacity(version: 40, errorCorrection: .low) == 2953)
        #expect(QRCode.byteCapacity(version: 40, errorCorrection: .high) == 1273)
    }

    @Test func choosesTheSmallestVersionThatFits() throws {
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 15)).version == 2)
        #expect(try QRCode(bytes: [], errorCorrection: .high).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 15), versions: 5...40).version == 5)
    }

    @Test func refusesWhatDoesNotFitWithAReadableError() {
        #expect(throws: QRCodeError.dataTooLong(bytes: 2954, maximum: 2953, errorCorrection: .low)) {
            try QRCode(bytes: Array(repeating: 0x61, count: 2954), errorCorrection: .low)
        }
        #expect(throws: QRCodeError.dataTooLong(bytes: 500, maximum: 412, errorCorrection: .medium)) {
            try QRCode(bytes: Array(repeating: 0x61, count: 500), versions: 1...15)
        }
        #expect(throws: QRCodeError.invalidMask(8)) { try QRCode(encoding: "x", mask: 8) }
        #expect(throws: QRCodeError.invalidVersionRange(0...3)) { try QRCode(encoding: "x", versions: 0...3) }
        #expect(QRCodeError.dataTooLong(bytes: 2954, maximum: 2953, errorCorrection: .low).description
            == "2954 bytes do not fit in a QR code at error correction L (at most 2953 bytes).")
    }

    @Test func chosenMaskHasTheLowestPenalty() throws {
        for text in ["http://192.168.1.20:7777/", "http://[::1]:7777/", String(repeating: "z", count: 300)] {
            let code = try QRCode(encoding: text)
            let penalties = try (0...7).map { mask in
                let masked = try QRCode(encoding: text, mask: mask)
                var matrix = QRMatrix(version: masked.version)
                matrix.modules = masked.modules
                return matrix.penaltyScore()
            }
            #expect(penalties[code.mask] == penalties.min())
        }
    }

    @Test func penaltyRulesScoreHandMadeLines() {
        let run5 = [true, true, true, true, true, false, true]
        #expect(QRMatrix.runPenalty(run5) == 3)
        #expect(QRMatrix.runPenalty([false, false, false, false, false, false, false]) == 5)
        #expect(QRMatrix.runPenalty([true, false, true, false]) == 0)
        let finder = [true, false, true, true, true, false, true]
        #expect(QRMatrix.finderPenalty(finder + [false, false, false, false]) == 40)
        // At the symbol's edge the quiet zone counts as light.
        #expect(QRMatrix.finderPenalty([true] + finder + [true, false, false, true]) == 0)
        #expect(QRMatrix.finderPenalty([false] + finder) == 40)
    }

    @Test func alignmentPatternPositionsMatchAnnexE() {
        #expect(QRMatrix.alignmentPositions(version: 1) == [])
        #expect(QRMatrix.alignmentPositions(version: 2) == [6, 18])
        #expect(QRMatrix.alignmentPositions(version: 7) == [6, 22, 38])
        #expect(QRMatrix.alignmentPositions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRMatrix.alignmentPositions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func textHasTheQuietZoneAndTwoRowsPerLine() throws {
        let code = try QRCode(encoding: "http://a/")
        let lines = code.lines(style: .darkGlyphs)
        #expect(code.size == 21)
        #expect(lines.count == (21 + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == 29 })
        #expect(lines[0] == String(repeating: " ", count: 29))
        #expect(lines[2] == "    █▀▀▀▀▀█" + lines[2].dropFirst(11))
        let inverted = code.lines(style: .lightGlyphs)
        #expect(inverted[0] == String(repeating: "█", count: 29))
        #expect(inverted[2].hasPrefix("████ ▄▄▄▄▄ "))
        #expect(code.ansiText().hasPrefix("\u{1B}[38;5;16;48;5;231m" + lines[0] + "\u{1B}[0m\n"))
    }
}
