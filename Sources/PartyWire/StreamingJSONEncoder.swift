import Foundation
import NIOCore
import PartyKit

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
    /// The buffer keeps `headroom` bytes before the JSON (its reader index), where a frame's
    /// length can be written without copying the body (see `FramePrepender`).
    static func encode<Value: Encodable>(_ value: Value, capacity: Int = 256, headroom: Int = 0) throws -> ByteBuffer {
        let state = JSONWriterState(capacity: capacity)
        try state.write(value, level: 0)
        if state.failed { throw Unsupported() }
        var buffer = ByteBufferAllocator().buffer(capacity: headroom + state.bytes.count)
        buffer.moveWriterIndex(forwardBy: headroom)
        buffer.moveReaderIndex(forwardBy: headroom)
        buffer.writeBytes(state.bytes)
        return buffer
    }
}

/// The bytes and the stack of open containers shared by every encoder and container of one value.
///
/// Its properties are touched by one encoding on one thread, through the containers it hands out,
/// so they skip Swift's run-time exclusivity checks (a profile showed those checks and the byte
/// buffer's per-write bookkeeping among the costliest parts of encoding a view). Coding paths are
/// not tracked: nothing this writer does reports one, and a value whose own `encode(to:)` throws
/// is encoded again by `JSONEncoder`, whose error carries the path.
final class JSONWriterState {
    /// One open object or array: who opened it and how many members it has.
    struct Frame {
        var slot: Int
        var isObject: Bool
        var count: Int
    }

    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) var stack: [Frame] = []
    @exclusivity(unchecked) var nextSlot = 1
    /// Set when the value used the encoder in a way this writer does not follow.
    @exclusivity(unchecked) var failed = false

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
        stack.reserveCapacity(8)
    }

    /// Closes every container deeper than `level`.
    func close(downTo level: Int) {
        while stack.count > level {
            bytes.append(stack.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
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
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        stack.append(Frame(slot: slot, isObject: object, count: 0))
    }

    /// Prepares the container at `level` (opened by `slot`) for its next member: closes deeper
    /// containers, writes the comma and, in an object, the key.
    func member(level: Int, slot: Int, key: String?) throws {
        guard !failed, level > 0, stack.count >= level, stack[level - 1].slot == slot else { throw fail() }
        close(downTo: level)
        if stack[level - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        stack[level - 1].count += 1
        if let key {
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
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
            bytes.append(contentsOf: unsafeBitCast(value, to: EncodedJSON.self).bytes.readableBytesView)
            return
        }
        if type == Data.self || type == Date.self || type == URL.self || type == Decimal.self || type == Float16.self {
            throw fail()
        }
        let start = bytes.count
        let slot = nextSlot
        nextSlot += 1
        try value.encode(to: JSONStreamEncoder(state: self, level: level, slot: slot))
        if bytes.count == start {
            // A value that encoded nothing at all is an empty object, as in JSONEncoder.
            writeLiteral("{}")
        }
        close(downTo: level)
    }

    func writeLiteral(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes an integer's decimal digits.
    func writeDecimal<Number: FixedWidthInteger>(_ number: Number) {
        // 20 digits hold any UInt64; wider types go through String.
        guard Number.Magnitude.bitWidth <= 64 else { return bytes.append(contentsOf: String(number).utf8) }
        JSONOutput.appendDecimal(UInt64(number.magnitude), negative: number < 0, to: &bytes)
    }

    func writeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number) throws {
        guard number.isFinite else { throw fail() }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a JSON string: quotes, backslashes and control characters escaped as JSONEncoder does.
    func writeString(_ text: String) {
        JSONOutput.appendString(text, to: &bytes)
    }
}

/// The `Encoder` handed to each value: where its containers go (`level`) and who it is (`slot`).
struct JSONStreamEncoder: Encoder {
    let state: JSONWriterState
    let level: Int
    let slot: Int

    /// Not tracked (see `JSONWriterState`).
    var codingPath: [any CodingKey] { [] }
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
