/// One pass over a frame body that checks it is plain, well-formed JSON and finds the top-level
/// `type` and `seq` on the way, without building any objects.
///
/// It is a fast path, not a judge: it accepts only a strict subset of what Foundation's
/// `JSONSerialization` + `JSONDecoder` accept (UTF-8, standard JSON, no trailing commas, no
/// exponents, no surrogate escapes, nesting up to 128, a `type` without escapes, a `seq` of plain
/// digits that fits `Int`). For anything else it answers `nil`, and the caller falls back to the
/// Foundation path, which then gives the exact error (or the exact quirk) it always gave.
struct EnvelopeScanner {
    /// What the scan found: the first top-level `type` and `seq`, as far as they are usable.
    struct Fields {
        /// The bytes of the first `type`'s string (nil: absent or not a string).
        var type: Range<Int>?
        /// The first `seq` (nil: absent or not a number).
        var seq: Int?
    }

    /// How deep arrays and objects may nest before the scanner leaves the frame to Foundation.
    static let maxDepth = 128

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Scans `bytes`; nil when the body is not in the subset this scanner vouches for.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> Fields? {
        var scanner = EnvelopeScanner(bytes)
        return scanner.document()
    }

    // MARK: Structure

    private mutating func document() -> Fields? {
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { return nil }
        index += 1
        var fields = Fields()
        var typeSeen = false, seqSeen = false
        // Bit n of `objects` is set when the container at depth n + 2 is an object (depth 1 is the
        // top-level object).
        var depth = 1
        var objects: (UInt64, UInt64) = (0, 0)
        var first = true  // the innermost container has no member or element yet
        while true {
            skipSpace()
            guard let byte = peek() else { return nil }
            let inObject = depth == 1 || Self.bit(objects, depth - 2)
            if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                if depth == 0 { return end(fields) }
                first = false
                continue
            }
            if !first {
                guard byte == UInt8(ascii: ",") else { return nil }
                index += 1
                skipSpace()
            }
            first = false
            if inObject {
                guard peek() == UInt8(ascii: "\"") else { return nil }
                let keyStart = index + 1
                guard let escaped = string() else { return nil }
                let key = keyStart..<(index - 1)
                skipSpace()
                guard peek() == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                if depth == 1 {
                    // Foundation matches keys after unescaping them: leave escaped keys to it.
                    if escaped { return nil }
                    if !typeSeen && matches(key, "type") {
                        typeSeen = true
                        if peek() == UInt8(ascii: "\"") {
                            let start = index + 1
                            guard let typeEscaped = string(), !typeEscaped else { return nil }
                            fields.type = start..<(index - 1)
                            continue
                        }
                    } else if !seqSeen && matches(key, "seq") {
                        seqSeen = true
                        if let lead = peek(), lead == UInt8(ascii: "-") || Self.isDigit(lead) {
                            let start = index
                            // Foundation reads `1.0` or `1e2` as an integer: leave those to it.
                            guard number() == true, let value = integer(start..<index) else { return nil }
                            fields.seq = value
                            continue
                        }
                    }
                }
            }
            guard value(&depth, &objects, &first) else { return nil }
        }
    }

    /// Reads one value; opening a container only records it (the main loop reads its contents).
    private mutating func value(_ depth: inout Int, _ objects: inout (UInt64, UInt64), _ first: inout Bool) -> Bool {
        guard let byte = peek() else { return false }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maxDepth else { return false }
            index += 1
            depth += 1
            Self.setBit(&objects, depth - 2, byte == UInt8(ascii: "{"))
            first = true
            return true
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "t"):
            return literal("true")
        case UInt8(ascii: "f"):
            return literal("false")
        case UInt8(ascii: "n"):
            return literal("null")
        default:
            return number() != nil
        }
    }

    private mutating func end(_ fields: Fields) -> Fields? {
        skipSpace()
        return index == bytes.count ? fields : nil
    }

    // MARK: Tokens

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let text = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != text[offset] { return false }
        index += count
        return true
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let text = word.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != text[offset] { return false }
        return true
    }

    /// Reads a string from its opening quote; returns whether it held escapes, nil when it is not
    /// in the subset (control characters, bad escapes, surrogate escapes, invalid UTF-8, no end).
    private mutating func string() -> Bool? {
        index += 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                guard index + 1 < bytes.count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count else { return nil }
                    var scalar: UInt32 = 0
                    for offset in 2..<6 {
                        guard let digit = Self.hex(bytes[index + offset]) else { return nil }
                        scalar = scalar << 4 | digit
                    }
                    if (0xD800...0xDFFF).contains(scalar) { return nil }
                    index += 6
                default:
                    return nil
                }
            case 0x00..<0x20:
                return nil
            case 0x20..<0x80:
                index += 1
            default:
                guard let length = utf8Sequence() else { return nil }
                index += length
            }
        }
        return nil
    }

    /// The length of the well-formed multi-byte UTF-8 sequence at `index` (RFC 3629), or nil.
    private func utf8Sequence() -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// Reads a number; returns whether it is a plain integer (no fraction), nil when it is not in
    /// the subset (malformed, an exponent, or more than 300 digits: Foundation decides those).
    private mutating func number() -> Bool? {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let lead = peek(), Self.isDigit(lead) else { return nil }
        index += 1
        if lead != UInt8(ascii: "0") {
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        var plain = true
        if peek() == UInt8(ascii: ".") {
            plain = false
            index += 1
            guard let byte = peek(), Self.isDigit(byte) else { return nil }
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
        guard index - start <= 300 else { return nil }
        return plain
    }

    /// The integer spelled by `range` (an optional minus and digits), or nil when it does not fit `Int`.
    private func integer(_ range: Range<Int>) -> Int? {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value = 0
        while position < range.upperBound {
            let digit = Int(bytes[position] &- UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            position += 1
        }
        return value
    }

    // MARK: Helpers

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hex(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func bit(_ bits: (UInt64, UInt64), _ n: Int) -> Bool {
        n < 64 ? bits.0 >> UInt64(n) & 1 == 1 : bits.1 >> UInt64(n - 64) & 1 == 1
    }

    private static func setBit(_ bits: inout (UInt64, UInt64), _ n: Int, _ value: Bool) {
        if n < 64 {
            bits.0 = value ? bits.0 | (1 << UInt64(n)) : bits.0 & ~(1 << UInt64(n))
        } else {
            bits.1 = value ? bits.1 | (1 << UInt64(n - 64)) : bits.1 & ~(1 << UInt64(n - 64))
        }
    }
}
