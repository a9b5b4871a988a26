/// A QR code (ISO/IEC 18004:2015, Model 2) holding bytes in byte mode: the smallest version that fits,
/// the error correction level asked for and the mask with the lowest penalty.
///
/// Build one with `QRCode(encoding:)`, read its modules with `self[x, y]` (true = dark), or draw it
/// with `text(style:)` / `ansiText()`.
public struct QRCode: Sendable, Hashable {
    /// The version, 1...40: the symbol is 17 + 4 × version modules wide.
    public let version: Int
    /// The error correction level.
    public let errorCorrection: QRErrorCorrection
    /// The mask pattern applied to the data, 0...7.
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// The modules row by row, `true` for dark.
    public let modules: [Bool]

    /// The light margin, in modules, a reader needs around the symbol (ISO/IEC 18004:2015, 6.3.8).
    public static let quietZone = 4

    /// Encodes the UTF-8 bytes of `text`; see `init(bytes:...)`.
    public init(
        encoding text: String,
        errorCorrection: QRErrorCorrection = .medium,
        versions: ClosedRange<Int> = 1...40,
        mask: Int? = nil
    ) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, versions: versions, mask: mask)
    }

    /// Encodes `bytes` in byte mode, in the smallest version within `versions` that holds them, with
    /// `mask` or (when nil) the mask the standard's penalty rules choose.
    public init(
        bytes: [UInt8],
        errorCorrection: QRErrorCorrection = .medium,
        versions: ClosedRange<Int> = 1...40,
        mask: Int? = nil
    ) throws(QRCodeError) {
        guard versions.lowerBound >= 1, versions.upperBound <= 40 else { throw .invalidVersionRange(versions) }
        if let mask, !(0...7).contains(mask) { throw .invalidMask(mask) }
        guard let version = versions.first(where: { Self.byteCapacity(version: $0, errorCorrection: errorCorrection) >= bytes.count })
        else {
            throw .dataTooLong(bytes: bytes.count,
                               maximum: Self.byteCapacity(version: versions.upperBound, errorCorrection: errorCorrection),
                               errorCorrection: errorCorrection)
        }
        let codewords = Self.codewords(bytes: bytes, version: version, errorCorrection: errorCorrection)
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.drawCodewords(codewords)
        let chosen = mask ?? (0...7).min { a, b in
            matrix.penalty(mask: a, errorCorrection: errorCorrection) < matrix.penalty(mask: b, errorCorrection: errorCorrection)
        }!
        matrix.apply(mask: chosen, errorCorrection: errorCorrection)
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen
        self.size = matrix.size
        self.modules = matrix.modules
    }

    /// Whether the module in column `x`, row `y` is dark; outside the symbol (the quiet zone) is light.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// How many bytes a symbol of this version and level holds in byte mode.
    public static func byteCapacity(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        let countBits = version <= 9 ? 8 : 16
        return (dataCodewords(version: version, errorCorrection: errorCorrection) * 8 - 4 - countBits) / 8
    }

    // MARK: Codewords

    /// Modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Data codewords (before error correction) of this version and level.
    static func dataCodewords(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        rawDataModules(version: version) / 8
            - errorCorrection.codewordsPerBlock[version - 1] * errorCorrection.blocks[version - 1]
    }

    /// The final codeword sequence: the byte-mode segment, terminator and padding, split into blocks,
    /// each followed by its error correction, interleaved (ISO/IEC 18004:2015, 7.4 and 7.6).
    static func codewords(bytes: [UInt8], version: Int, errorCorrection: QRErrorCorrection) -> [UInt8] {
        let capacity = dataCodewords(version: version, errorCorrection: errorCorrection)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version <= 9 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }

        let blockCount = errorCorrection.blocks[version - 1]
        let eccLength = errorCorrection.codewordsPerBlock[version - 1]
        let raw = rawDataModules(version: version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let generator = ReedSolomon.generator(degree: eccLength)
        var blocks: [[UInt8]] = []
        var start = 0
        for i in 0..<blockCount {
            let length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            blocks.append(block + ReedSolomon.remainder(block, generator: generator))
        }
        var result: [UInt8] = []
        result.reserveCapacity(raw)
        let dataLengths = blocks.map { $0.count - eccLength }
        for i in 0..<(dataLengths.max() ?? 0) {
            for (j, block) in blocks.enumerated() where i < dataLengths[j] { result.append(block[i]) }
        }
        for i in 0..<eccLength {
            for (j, block) in blocks.enumerated() { result.append(block[dataLengths[j] + i]) }
        }
        return result
    }
}

/// Bits appended most significant first, read out as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
    }

    /// The bits as bytes; the count must be a multiple of 8.
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
