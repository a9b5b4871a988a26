/// JSON text written byte by byte by a value that writes its own JSON (`JSONWritable`).
///
/// It writes what the wire's encoder writes for the same calls: no spaces, strings escaped as
/// `JSONEncoder` escapes them (slashes left alone), integers in decimal. Commas are placed for
/// you: open a container, write its members (`key` then a value, or values alone in an array),
/// close it. Keys are `StaticString`s of letters and digits, written as they are.
public struct JSONOutput: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next member of the open container needs a comma before it.
    private var needsComma = false

    /// Starts empty, with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Starts empty, writing into `storage`'s memory (its contents are dropped, its capacity kept).
    public init(reusing storage: [UInt8]) {
        bytes = storage
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Containers

    /// Opens an object (`{`).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key (`"name":`); its value comes next.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    /// Writes an integer.
    public mutating func int(_ number: Int) {
        separate()
        Self.appendDecimal(UInt64(number.magnitude), negative: number < 0, to: &bytes)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        verbatim(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        verbatim("null")
    }

    /// Writes a string: quotes, backslashes and control characters escaped as `JSONEncoder` does.
    public mutating func string(_ text: String) {
        separate()
        Self.appendString(text, to: &bytes)
        needsComma = true
    }

    /// Writes a string given as its UTF-8 bytes (which must be valid UTF-8), escaped as `string`.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        Self.appendString(utf8: utf8, to: &bytes)
        needsComma = true
    }

    /// Writes a value that writes its own JSON.
    public mutating func value(_ value: some JSONWritable) {
        value.writeJSON(to: &self)
    }

    /// Writes an array of values that write their own JSON.
    public mutating func array(_ values: [some JSONWritable]) {
        beginArray()
        for value in values { value.writeJSON(to: &self) }
        endArray()
    }

    /// Writes an array of strings.
    public mutating func array(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes an array of integers.
    public mutating func array(_ values: [Int]) {
        beginArray()
        for value in values { int(value) }
        endArray()
    }

    /// Writes JSON text that is already complete (one whole value) as it is.
    public mutating func json(_ text: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: text)
        needsComma = true
    }

    // MARK: Members, as `Encodable` writes them

    /// Writes `"name":number`.
    public mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        int(number)
    }

    /// Writes `"name":number`, or nothing for nil (as `encodeIfPresent` does).
    public mutating func field(_ name: StaticString, _ number: Int?) {
        guard let number else { return }
        key(name)
        int(number)
    }

    /// Writes `"name":"text"`, or nothing for nil.
    public mutating func field(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    /// Writes `"name":true` or `false`.
    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes `"name":` and the value, or nothing for nil.
    public mutating func field(_ name: StaticString, _ value: (some JSONWritable)?) {
        guard let value else { return }
        key(name)
        value.writeJSON(to: &self)
    }

    // MARK: Bytes

    /// Writes the comma the next member needs, if any.
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func verbatim(_ text: StaticString) {
        separate()
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        needsComma = true
    }

    // MARK: Shared with the wire's `Encodable` writer

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped as
    /// `JSONEncoder` escapes them (slashes and everything else as they are).
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &bytes) }
    }

    /// Appends UTF-8 bytes as a JSON string, escaped as `appendString(_:to:)` escapes.
    public static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            for byte in utf8 { escape(byte, to: &bytes) }
        } else {
            bytes.append(contentsOf: utf8)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer's decimal digits, given as its magnitude and sign (so the most negative
    /// value of any width is written too).
    public static func appendDecimal(_ magnitude: UInt64, negative: Bool, to bytes: inout [UInt8]) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var value = magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            } while value > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
        func literal(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        switch byte {
        case UInt8(ascii: "\""): literal("\\\"")
        case UInt8(ascii: "\\"): literal("\\\\")
        case 0x0A: literal("\\n")
        case 0x0D: literal("\\r")
        case 0x09: literal("\\t")
        case 0x08: literal("\\b")
        case 0x0C: literal("\\f")
        case 0x00..<0x20:
            let digits: StaticString = "0123456789abcdef"
            literal("\\u00")
            bytes.append(digits.utf8Start[Int(byte >> 4)])
            bytes.append(digits.utf8Start[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
    }
}
