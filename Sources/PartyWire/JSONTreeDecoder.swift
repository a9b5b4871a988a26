/// Decodes a `Decodable` from a parsed `JSONValue` tree, naming the exact field of every error.
///
/// Foundation's `JSONDecoder` reports a number that does not fit its field (a column of 2^64 or
/// 4.5, a toss of -1) as "not valid JSON" with no path. The codec decodes with Foundation first and
/// uses this decoder only to find the field such a failure is about.
struct JSONTreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, path: [any CodingKey] = []) {
        self.value = value
        codingPath = path
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: JSONValue].self, at: codingPath) }
        return KeyedDecodingContainer(Keyed<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, at: codingPath) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, codingPath: codingPath) }

    /// A key for an array element or a synthesized path entry.
    struct IndexKey: CodingKey {
        var stringValue: String { "\(intValue ?? 0)" }
        let intValue: Int?
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { return nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    /// The error for a value of the wrong JSON kind.
    func mismatch(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "wrong type"))
    }

    /// What is wrong with a number, in words that follow the field's path.
    struct NumberProblem: Error {
        let text: String
    }

    /// A `dataCorrupted` error at `path` that carries `text` for the description.
    static func problem(_ text: String, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: text, underlyingError: NumberProblem(text: text)))
    }

    /// Reads `value` as a primitive, with a range error that names the field.
    static func primitive<T: Decodable>(_: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        func wrongType() -> DecodingError {
            .typeMismatch(T.self, DecodingError.Context(codingPath: path, debugDescription: "wrong type"))
        }
        if let integer = T.self as? any FixedWidthInteger.Type {
            let whole: Int64?
            switch value {
            case .integer(let number): whole = number
            case .number(let number) where number.rounded() == number:
                whole = nil  // a whole number beyond 64 bits
            case .number:
                throw problem("must be a whole number", at: path)
            default: throw wrongType()
            }
            guard let whole, let result = integer.init(exactly: whole) else {
                throw problem("must be a whole number from \(integer.min) to \(integer.max)", at: path)
            }
            return result as! T  // T is that integer type
        }
        switch value {
        case .bool(let flag) where T.self == Bool.self: return flag as! T
        case .string(let text) where T.self == String.self: return text as! T
        case .integer(let number) where T.self == Double.self: return Double(number) as! T
        case .number(let number) where T.self == Double.self: return number as! T
        case .integer(let number) where T.self == Float.self: return Float(number) as! T
        case .number(let number) where T.self == Float.self: return Float(number) as! T
        default:
            if T.self == Bool.self || T.self == String.self || T.self == Double.self || T.self == Float.self { throw wrongType() }
            return try T(from: JSONTreeDecoder(value, path: path))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let fields: [String: JSONValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

        func field(_ key: Key) throws -> JSONValue {
            guard let value = fields[key.stringValue] else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try field(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let value = try field(key)
            if value == .null {
                throw DecodingError.valueNotFound(T.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "null"))
            }
            return try JSONTreeDecoder.primitive(type, from: value, at: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONTreeDecoder(try field(key), path: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONTreeDecoder(try field(key), path: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { JSONTreeDecoder(.object(fields), path: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONTreeDecoder(fields[key.stringValue] ?? .null, path: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        mutating func next() throws -> (JSONValue, [any CodingKey]) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(
                    codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "past the end"))
            }
            defer { currentIndex += 1 }
            return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, path) = try next()
            return try JSONTreeDecoder.primitive(type, from: value, at: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let (value, path) = try next()
            return try JSONTreeDecoder(value, path: path).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (value, path) = try next()
            return try JSONTreeDecoder(value, path: path).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (value, path) = try next()
            return JSONTreeDecoder(value, path: path)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { value == .null }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONTreeDecoder.primitive(type, from: value, at: codingPath)
        }
    }
}
