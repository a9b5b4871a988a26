/// How much of a QR code may be damaged and still read: about 7 % (L), 15 % (M), 25 % (Q) or 30 % (H)
/// of its codewords.
public enum QRErrorCorrection: Int, Sendable, CaseIterable {
    /// Low: recovers about 7 % of the codewords.
    case low
    /// Medium: recovers about 15 %; the usual choice for a code shown on a screen.
    case medium
    /// Quartile: recovers about 25 %.
    case quartile
    /// High: recovers about 30 %.
    case high

    /// The two bits this level has in the format information (ISO/IEC 18004:2015, table 12).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// Error correction codewords in each block, for versions 1...40 (ISO/IEC 18004:2015, table 9).
    var codewordsPerBlock: [Int] {
        switch self {
        case .low:
            [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
             28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
        case .medium:
            [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
             26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28]
        case .quartile:
            [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
             28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
        case .high:
            [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
             30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
        }
    }

    /// Error correction blocks, for versions 1...40 (ISO/IEC 18004:2015, table 9).
    var blocks: [Int] {
        switch self {
        case .low:
            [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
             8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25]
        case .medium:
            [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
             17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49]
        case .quartile:
            [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
             23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68]
        case .high:
            [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
             25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81]
        }
    }
}

extension QRErrorCorrection: CustomStringConvertible {
    public var description: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
