/// A JSON object being written; `level` is the depth of its members.
struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: JSONWriterState
    let level: Int
    let slot: Int

    /// Not tracked (see `JSONWriterState`).
    var codingPath: [any CodingKey] { [] }

    private func begin(_ key: Key) throws {
        try state.member(level: level, slot: slot, key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); state.writeLiteral("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try begin(key); state.writeLiteral(value ? "true" : "false") }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); state.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try begin(key); try state.writeFloatingPoint(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try begin(key); try state.writeFloatingPoint(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try begin(key); state.writeDecimal(value) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try begin(key)
        try state.write(value, level: level)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let slot = state.nextSlot
        state.nextSlot += 1
        if (try? begin(key)) != nil { try? state.open(level: level, slot: slot, object: true) }
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(state: state, level: level + 1, slot: slot))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let slot = state.nextSlot
        state.nextSlot += 1
        if (try? begin(key)) != nil { try? state.open(level: level, slot: slot, object: false) }
        return JSONStreamUnkeyedContainer(state: state, level: level + 1, slot: slot)
    }

    mutating func superEncoder() -> any Encoder {
        _ = state.fail()
        return JSONStreamEncoder(state: state, level: level, slot: -1)
    }

    mutating func superEncoder(forKey _: Key) -> any Encoder {
        _ = state.fail()
        return JSONStreamEncoder(state: state, level: level, slot: -1)
    }
}

/// A JSON array being written; `level` is the depth of its elements.
struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer, JSONValueSlot {
    let state: JSONWriterState
    let level: Int
    let slot: Int

    /// Not tracked (see `JSONWriterState`).
    var codingPath: [any CodingKey] { [] }
    var count: Int { state.stack.count >= level && level > 0 ? state.stack[level - 1].count : 0 }

    func begin() throws {
        try state.member(level: level, slot: slot, key: nil)
    }


    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let slot = state.nextSlot
        state.nextSlot += 1
        if (try? begin()) != nil { try? state.open(level: level, slot: slot, object: true) }
        return KeyedEncodingContainer(JSONStreamKeyedContainer<NestedKey>(state: state, level: level + 1, slot: slot))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let slot = state.nextSlot
        state.nextSlot += 1
        if (try? begin()) != nil { try? state.open(level: level, slot: slot, object: false) }
        return JSONStreamUnkeyedContainer(state: state, level: level + 1, slot: slot)
    }

    mutating func superEncoder() -> any Encoder {
        _ = state.fail()
        return JSONStreamEncoder(state: state, level: level, slot: -1)
    }
}

/// One value written in place of its encoder's container.
struct JSONStreamSingleValue: SingleValueEncodingContainer, JSONValueSlot {
    let state: JSONWriterState
    let level: Int

    /// Not tracked (see `JSONWriterState`).
    var codingPath: [any CodingKey] { [] }

    func begin() throws {
        guard !state.failed, state.stack.count == level else { throw state.fail() }
    }

}

/// A place for one value at a time (an array's next element or a single value): `begin()` checks
/// the place and writes the separator, then the value is written as JSONEncoder would.
protocol JSONValueSlot {
    /// The writer shared by every container of one encoding.
    var state: JSONWriterState { get }
    /// The depth the value is written at.
    var level: Int { get }
    /// Checks that a value may be written here now and writes what goes before it.
    func begin() throws
}

extension JSONValueSlot {
    mutating func encodeNil() throws { try begin(); state.writeLiteral("null") }
    mutating func encode(_ value: Bool) throws { try begin(); state.writeLiteral(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); state.writeString(value) }
    mutating func encode(_ value: Double) throws { try begin(); try state.writeFloatingPoint(value) }
    mutating func encode(_ value: Float) throws { try begin(); try state.writeFloatingPoint(value) }
    mutating func encode(_ value: Int) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: Int8) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: Int16) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: Int32) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: Int64) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: UInt) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: UInt8) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: UInt16) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: UInt32) throws { try begin(); state.writeDecimal(value) }
    mutating func encode(_ value: UInt64) throws { try begin(); state.writeDecimal(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try begin()
        try state.write(value, level: level)
    }
}
