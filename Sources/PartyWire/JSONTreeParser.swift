/// Parses a frame body into a `JSONValue` tree in one pass, for the fast path of move decoding.
///
/// Like `EnvelopeScanner` it is a fast path, not a judge: it accepts only a strict subset of what
/// Foundation's `JSONDecoder` reads the same way (UTF-8 without a byte-order mark, standard JSON,
/// whole numbers of plain digits that fit `Int64`, no fractions or exponents, no surrogate escapes,
/// no repeated keys, nesting up to 64). For anything else it answers `nil` and the caller decodes
/// with `JSONDecoder`, which then gives the exact result or error it always gave.
struct JSONTreeParser {
    /// How deep arrays and objects may nest before the parser leaves the body to Foundation.
    static let maxDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The tree of `bytes`; nil when the body is not in the subset this parser vouches for.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        var parser = JSONTreeParser(bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "{"):
            return depth < Self.maxDepth ? object(depth: depth + 1) : nil
        case UInt8(ascii: "["):
            return depth < Self.maxDepth ? array(depth: depth + 1) : nil
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"):
            return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"):
            return literal("null") ? .null : nil
        default:
            return integer().map(JSONValue.integer)
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1  // {
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth) else { return nil }
            // Which of two equal keys Foundation keeps is its own affair: leave those to it.
            guard fields.updateValue(member, forKey: key) == nil else { return nil }
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(fields)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1  // [
        var elements: [JSONValue] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth) else { return nil }
            elements.append(element)
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// `-?(0|[1-9][0-9]*)` that fits `Int64`; nil for anything else, fractions and exponents included.
    private mutating func integer() -> Int64? {
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var magnitude: UInt64 = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// A string from its opening quote: plain bytes (checked to be UTF-8) and the simple escapes,
    /// `\u` escapes outside the surrogate range included.
    private mutating func string() -> String? {
        index += 1  // "
        let start = index
        var ascii = true
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index = start - 1
                return escapedString()
            case 0..<0x20:
                return nil
            default:
                if byte >= 0x80 { ascii = false }
                index += 1
            }
        }
        return nil
    }

    /// The slow path of `string()`, from the opening quote, for a string with escapes.
    private mutating func escapedString() -> String? {
        index += 1  // "
        var utf8: [UInt8] = []
        while let byte = peek() {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { return nil }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape after its `u`; nil for a surrogate or bad hex.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard bytes.count - index >= 4 else { return nil }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return Unicode.Scalar(code)  // nil for surrogates
    }
}
