import Foundation
import NIOCore

/// Encodes a value as JSON by writing it straight into a `ByteBuffer`, with no tree in between.
///
/// It writes what `JSONEncoder` (`.withoutEscapingSlashes`) writes, keys in the order the value
/// encodes them (the protocol promises no order). Anything it does not handle the same way —
/// `Data`, `Date`, `URL`, `Decimal`, non-finite numbers, `superEncoder`, containers used out of
/// order — makes it give up with `StreamingJSONEncoder.Unsupported`, and the caller encodes that
/// message with `JSONEncoder` instead.
struct StreamingJSONEncoder {
    /// The value uses something this encoder leaves to `JSONEncoder`.
    struct Unsupported: Error {}

    /// Encodes `value` (whose `encode(to:)` must produce an object, array or single value).
    static func encode<Value: Encodable>(_ value: Value, capacity: Int = 256) throws -> ByteBuffer {
        let state = JSONWriterState(capacity: capacity)
        try state.write(value, level: 0)
        if state.failed { throw Unsupported() }
        return state.buffer
    }
}

/// The buffer and the stack of open containers shared by every encoder and container of one value.
final class JSONWriterState {
    /// One open object or array: who opened it and how many members it has.
    struct Frame {
        var slot: Int
        var isObject: Bool
        var count: Int
    }

    var buffer: ByteBuffer
    var stack: [Frame] = []
    var path: [any CodingKey] = []
    var nextSlot = 1
    /// Set when the value used the encoder in a way this writer does not follow.
    var failed = false

    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
        stack.reserveCapacity(8)
    }

    /// Closes every container deeper than `level`.
    func close(downTo level: Int) {
        while stack.count > level {
            buffer.writeInteger(stack.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Opens (or, for the same value, reopens) a container for the value at `level` with `slot`.
    func open(level: Int, slot: Int, object: Bool) throws {
        if stack.count > level {
            guard stack[level].slot == slot, stack[level].isObject == object else { throw fail() }
            close(downTo: level + 1)
            return
        }
        guard stack.count == level, !failed else { throw fail() }
        buffer.writeInteger(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        stack.append(Frame(slot: slot, isObject: object, count: 0))
    }

    /// Prepares the container at `level` (opened by `slot`) for its next member: closes deeper
    /// containers, writes the comma and, in an object, the key.
    func member(level: Int, slot: Int, key: String?) throws {
        guard !failed, level > 0, stack.count >= level, stack[level - 1].slot == slot else { throw fail() }
        close(downTo: level)
        if stack[level - 1].count > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
        stack[level - 1].count += 1
        if let key {
            writeString(key)
            buffer.writeInteger(UInt8(ascii: ":"))
        }
    }

    /// Marks the encoding as failed and returns the error to throw.
    func fail() -> StreamingJSONEncoder.Unsupported {
        failed = true
        return StreamingJSONEncoder.Unsupported()
    }

    /// Writes a value (after its key or comma) whose containers live at `level`.
    ///
    /// The value's type is told apart by comparing metatypes (a pointer comparison each), not by up
    /// to ten dynamic casts per value. That is exact for every type a message can hold: messages
    /// are `Codable`, so no field is an `any Encodable` existential.
    func write<Value: Encodable>(_ value: Value, level: Int) throws {
        let type = Value.self
        if type == String.self { return writeString(unsafeBitCast(value, to: String.self)) }
        if type == Int.self { return writeDecimal(unsafeBitCast(value, to: Int.self)) }
        if type == Bool.self { return writeLiteral(unsafeBitCast(value, to: Bool.self) ? "true" : "false") }
        if type == Double.self { return try writeFloatingPoint(unsafeBitCast(value, to: Double.self)) }
        if type == Float.self { return try writeFloatingPoint(unsafeBitCast(value, to: Float.self)) }
        if type == EncodedJSON.self {
            buffer.writeImmutableBuffer(unsafeBitCast(value, to: EncodedJSON.self).bytes)
            return
        }
        if type == Data.self || type == Date.self || type == URL.self || type == Decimal.self || type == Float16.self {
            throw fail()
        }
        let start = buffer.writerIndex
        let slot = nextSlot
        nextSlot += 1
        try value.encode(to: JSONStreamEncoder(state: self, level: level, slot: slot))
        if buffer.writerIndex == start {
            // A value that encoded nothing at all is an empty object, as in JSONEncoder.
            buffer.writeStaticString("{}")
        }
        close(downTo: level)
    }

    func writeLiteral(_ text: StaticString) {
        buffer.writeStaticString(text)
    }

    func writeDecimal<Number: FixedWidthInteger>(_ number: Number) {
        buffer.writeString(String(number))
    }

    func writeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number) throws {
        guard number.isFinite else { throw fail() }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        buffer.writeString(text)
    }

    /// Writes a JSON string: quotes, backslashes and control characters escaped as JSONEncoder does.
    func writeString(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                buffer.writeBytes(bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case 0x0A: buffer.writeStaticString("\\n")
                case 0x0D: buffer.writeStaticString("\\r")
                case 0x09: buffer.writeStaticString("\\t")
                case 0x08: buffer.writeStaticString("\\b")
                case 0x0C: buffer.writeStaticString("\\f")
                case 0x00..<0x20:
                    let digits: [UInt8] = Array("0123456789abcdef".utf8)
                    buffer.writeStaticString("\\u00")
                    buffer.writeInteger(digits[Int(byte >> 4)])
                    buffer.writeInteger(digits[Int(byte & 0x0F)])
                default: buffer.writeInteger(byte)
                }
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}

/// The `Encoder` handed to each value: where its containers go (`level`) and who it is (`slot`).
struct JSONStreamEncoder: Encoder {
    let state: JSONWriterState
    let level: Int
    let slot: Int

    var codingPath: [any CodingKey] { Array(state.path.prefix(level)) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        try? state.open(level: level, slot: slot, object: true)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<Key>(state: state, level: level + 1, slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        try? state.open(level: level, slot: slot, object: false)
        return JSONStreamUnkeyedContainer(state: state, level: level + 1, slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONStreamSingleValue(state: state, level: level)
    }
}
