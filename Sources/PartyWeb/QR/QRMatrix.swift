/// The module grid of a QR code while it is built: function patterns, data placement, masking
/// (ISO/IEC 18004:2015, 6.3 and 7.7–7.9).
struct QRMatrix {
    let version: Int
    let size: Int
    /// Row by row, `true` for dark.
    var modules: [Bool]
    /// Modules that belong to a function pattern (finder, timing, alignment, format, version) and
    /// are neither data nor masked.
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// The centre coordinates of the alignment patterns, ascending (ISO/IEC 18004:2015, annex E).
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        let size = 17 + 4 * version
        var result = [6]
        for i in 0..<(count - 1) { result.insert(size - 7 - i * step, at: 1) }
        return result
    }

    // MARK: Function patterns

    /// Draws finders, separators, timing, alignment and version patterns and reserves the format area.
    mutating func drawFunctionPatterns() {
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
        drawFinder(x: 3, y: 3)
        drawFinder(x: size - 4, y: 3)
        drawFinder(x: 3, y: size - 4)
        let positions = Self.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(mask: 0, errorCorrection: .medium)  // reserves the area; redrawn with the real mask
        drawVersion()
    }

    /// A finder pattern centred on (x, y) with its light separator.
    private mutating func drawFinder(x: Int, y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (xx, yy) = (x + dx, y + dy)
                guard (0..<size).contains(xx), (0..<size).contains(yy) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(xx, yy, distance != 2 && distance != 4)
            }
        }
    }

    /// The 15 format bits: level and mask, BCH(15,5) protected, XOR 0x5412 (ISO/IEC 18004:2015, 7.9).
    static func formatBits(mask: Int, errorCorrection: QRErrorCorrection) -> Int {
        let data = errorCorrection.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// Draws both copies of the format information and the dark module.
    mutating func drawFormat(mask: Int, errorCorrection: QRErrorCorrection) {
        let bits = Self.formatBits(mask: mask, errorCorrection: errorCorrection)
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { setFunction(8, i, bit(i)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }
        for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
        setFunction(8, size - 8, true)
    }

    /// The 18 version bits (versions 7 and up): BCH(18,6) (ISO/IEC 18004:2015, 7.10), in two 6×3 blocks.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for i in 0..<18 {
            let dark = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3
            let b = i / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    // MARK: Data

    /// Places the codewords in two-module columns, zigzagging up and down from the bottom right,
    /// skipping function modules and the vertical timing column (ISO/IEC 18004:2015, 7.7.3).
    mutating func drawCodewords(_ codewords: [UInt8]) {
        let totalBits = codewords.count * 8
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for j in 0..<2 {
                    let x = right - j
                    guard !isFunction[y * size + x], i < totalBits else { continue }
                    self[x, y] = (codewords[i >> 3] >> (7 - UInt8(i & 7))) & 1 == 1
                    i += 1
                }
            }
            right -= 2
        }
    }

    /// Whether mask pattern `mask` flips the module at column x, row y (ISO/IEC 18004:2015, table 10).
    static func masks(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// XORs the data modules with the mask and draws the matching format information.
    mutating func apply(mask: Int, errorCorrection: QRErrorCorrection) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.masks(mask, x: x, y: y) {
                self[x, y].toggle()
            }
        }
        drawFormat(mask: mask, errorCorrection: errorCorrection)
    }
}
