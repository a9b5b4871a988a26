/// A strict, one-pass reader of a JSON text, for values that read themselves (`JSONReadable`).
///
/// It reads a subset of JSON on purpose: integers without fraction or exponent, strings without
/// escapes, no repeated keys in an object. Anything outside it — or anything unexpected — throws
/// `JSONInput.Mismatch`, and the caller then decodes the text with `JSONDecoder`, which accepts
/// what it accepts and names the error. So a reader never decides what is valid on its own.
public struct JSONInput {
    /// The text held something this reader does not read; decode it through `Decodable` instead.
    public struct Mismatch: Error, Equatable {
        /// Creates the error.
        public init() {}
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Reads all of `text` (one JSON value, whitespace around it allowed) with `read`; nil when
    /// it throws or leaves anything unread.
    public static func read<Value>(_ text: UnsafeRawBufferPointer, _ read: (inout JSONInput) throws(Mismatch) -> Value) -> Value? {
        var input = JSONInput(text)
        input.skipWhitespace()
        guard let value = try? read(&input) else { return nil }
        input.skipWhitespace()
        return input.index == input.bytes.count ? value : nil
    }

    // MARK: Values

    /// Reads an object, handing each member's key and the input positioned at its value to
    /// `member`, which must read that value whole. A key repeated in the object is a mismatch, and
    /// so is an object of more than `maximumMembers` members (the keys are checked on the stack).
    public mutating func readObject(_ member: (JSONKey, inout JSONInput) throws(Mismatch) -> Void) throws(Mismatch) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        let outcome: Mismatch? = withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maximumMembers) { (seen: UnsafeMutableBufferPointer<Range<Int>>) -> Mismatch? in
            var count = 0
            do throws(Mismatch) {
                while true {
                    skipWhitespace()
                    let key = try stringRange()
                    guard count < Self.maximumMembers else { throw Mismatch() }
                    for earlier in seen[..<count] where bytes[earlier].elementsEqual(bytes[key]) { throw Mismatch() }
                    seen[count] = key
                    count += 1
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                    try member(JSONKey(UnsafeRawBufferPointer(rebasing: bytes[key])), &self)
                    skipWhitespace()
                    guard let next = peek() else { throw Mismatch() }
                    index += 1
                    if next == UInt8(ascii: "}") { return nil }
                    guard next == UInt8(ascii: ",") else { throw Mismatch() }
                }
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
    }

    /// The most members `readObject` reads in one object.
    public static let maximumMembers = 16

    /// Reads an integer written as one (`-?(0|[1-9][0-9]*)`) that fits an `Int`.
    public mutating func readInt() throws(Mismatch) -> Int {
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var magnitude: UInt64 = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { throw Mismatch() }
            magnitude = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw Mismatch() }
        // A fraction or an exponent: JSONDecoder decides whether that is an integer.
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw Mismatch()
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw Mismatch() }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { throw Mismatch() }
        return Int(magnitude)
    }

    /// Reads a string without escapes or control characters, in valid UTF-8.
    public mutating func readString() throws(Mismatch) -> String {
        let range = try stringRange()
        guard let text = String(validating: bytes[range], as: UTF8.self) else { throw Mismatch() }
        return text
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(Mismatch) -> Bool {
        if take("true") { return true }
        if take("false") { return false }
        throw Mismatch()
    }

    /// Reads `null` if it comes next, and says whether it did.
    public mutating func readNull() -> Bool {
        take("null")
    }

    /// Reads a string, a number, `true`, `false` or `null` and drops it (an object or array is a
    /// mismatch): for members whose value does not matter.
    public mutating func skipScalar() throws(Mismatch) {
        switch peek() {
        case UInt8(ascii: "\"")?: _ = try readString()
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?: _ = try readBool()
        case UInt8(ascii: "n")?: if !readNull() { throw Mismatch() }
        default: _ = try readInt()
        }
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func expect(_ byte: UInt8) throws(Mismatch) {
        guard peek() == byte else { throw Mismatch() }
        index += 1
    }

    private mutating func take(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// The bytes between the quotes of a string without escapes or control characters.
    private mutating func stringRange() throws(Mismatch) -> Range<Int> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { throw Mismatch() }
            index += 1
        }
        throw Mismatch()
    }
}

/// An object member's key, as `JSONInput.readObject` hands it over.
public struct JSONKey {
    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether the key is `name`.
    public func matches(_ name: StaticString) -> Bool {
        bytes.count == name.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}
