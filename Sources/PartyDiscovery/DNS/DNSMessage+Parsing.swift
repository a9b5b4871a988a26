extension DNSMessage {
    /// Parses a message from wire bytes, following compression pointers everywhere and checking
    /// every length; never traps on bad input.
    public init(bytes: [UInt8]) throws(DNSParseError) {
        var reader = DNSReader(bytes: bytes)
        let id = try reader.readUInt16()
        let flags = try reader.readUInt16()
        let counts = [try reader.readUInt16(), try reader.readUInt16(), try reader.readUInt16(), try reader.readUInt16()]
        // Each question needs at least 5 bytes and each record 11: a count that cannot fit is a lie.
        let remaining = bytes.count - reader.offset
        let minimum = Int(counts[0]) * 5 + (Int(counts[1]) + Int(counts[2]) + Int(counts[3])) * 11
        if minimum > remaining {
            let names = ["question", "answer", "authority", "additional"]
            let worst = (0..<4).first { i in
                let before = (0..<i).reduce(0) { $0 + Int(counts[$1]) * ($1 == 0 ? 5 : 11) }
                return before + Int(counts[i]) * (i == 0 ? 5 : 11) > remaining
            } ?? 3
            throw .countExceedsPacket(section: names[worst], declared: Int(counts[worst]))
        }
        self.init(
            id: id,
            isResponse: flags & 0x8000 != 0,
            opcode: UInt8((flags >> 11) & 0xF),
            isAuthoritative: flags & 0x0400 != 0,
            isTruncated: flags & 0x0200 != 0,
            responseCode: UInt8(flags & 0xF)
        )
        recursionDesired = flags & 0x0100 != 0
        for _ in 0..<counts[0] {
            let name = try reader.readName()
            let type = DNSRecordType(rawValue: try reader.readUInt16())
            let rawClass = try reader.readUInt16()
            questions.append(DNSQuestion(name: name, type: type, unicastResponse: rawClass & 0x8000 != 0, questionClass: rawClass & 0x7FFF))
        }
        for _ in 0..<counts[1] { answers.append(try reader.readRecord()) }
        for _ in 0..<counts[2] { authorities.append(try reader.readRecord()) }
        for _ in 0..<counts[3] { additionals.append(try reader.readRecord()) }
    }
}

/// A bounds-checked cursor over a packet.
struct DNSReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readUInt8() throws(DNSParseError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readUInt16() throws(DNSParseError) -> UInt16 {
        guard offset + 2 <= bytes.count else { throw .truncated(offset: offset) }
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    mutating func readUInt32() throws(DNSParseError) -> UInt32 {
        let high = try readUInt16()
        return UInt32(high) << 16 | UInt32(try readUInt16())
    }

    mutating func readBytes(_ count: Int) throws(DNSParseError) -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else { throw .truncated(offset: offset) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads a possibly compressed name. Every pointer must point before the start of the label run
    /// that contains it, so the walk always moves backwards and ends.
    mutating func readName() throws(DNSParseError) -> DNSName {
        var labels: [[UInt8]] = []
        var wireLength = 1
        var position = offset
        var segmentStart = offset
        var jumped = false
        while true {
            guard position < bytes.count else { throw .truncated(offset: position) }
            let length = bytes[position]
            switch length & 0xC0 {
            case 0x00:
                if length == 0 {
                    if !jumped { offset = position + 1 }
                    return DNSName(unchecked: labels)
                }
                let start = position + 1
                let end = start + Int(length)
                guard end <= bytes.count else { throw .truncated(offset: position) }
                wireLength += 1 + Int(length)
                guard wireLength <= DNSName.maximumWireLength else { throw .nameTooLong(offset: position) }
                labels.append(Array(bytes[start..<end]))
                position = end
            case 0xC0:
                guard position + 2 <= bytes.count else { throw .truncated(offset: position) }
                let target = Int(length & 0x3F) << 8 | Int(bytes[position + 1])
                guard target < segmentStart else { throw .compressionLoop(offset: position) }
                if !jumped { offset = position + 2 }
                jumped = true
                position = target
                segmentStart = target
            default:
                throw .invalidLabelType(offset: position)
            }
        }
    }

    mutating func readRecord() throws(DNSParseError) -> DNSRecord {
        let name = try readName()
        let type = DNSRecordType(rawValue: try readUInt16())
        let rawClass = try readUInt16()
        let ttl = try readUInt32()
        let length = Int(try readUInt16())
        let start = offset
        let end = start + length
        guard end <= bytes.count else { throw .truncated(offset: start) }
        // An UPDATE's prerequisites and deletions (class ANY or NONE) have no data (RFC 2136 section 2.4).
        let noData = length == 0 && (rawClass & 0x7FFF == DNSUpdate.classAny || rawClass & 0x7FFF == DNSUpdate.classNone)
        let data = noData ? .unknown(type: type, bytes: []) : try readRecordData(type: type, start: start, end: end)
        guard offset == end else { throw .badRecordLength(type: type, offset: start) }
        return DNSRecord(name: name, data: data, ttl: ttl, cacheFlush: rawClass & 0x8000 != 0, recordClass: rawClass & 0x7FFF)
    }

    private mutating func readRecordData(type: DNSRecordType, start: Int, end: Int) throws(DNSParseError) -> DNSRecordData {
        let length = end - start
        switch type {
        case .a:
            guard length == 4 else { throw .badRecordLength(type: type, offset: start) }
            let b = try readBytes(4)
            return .a(IPv4Bytes(b[0], b[1], b[2], b[3]))
        case .aaaa:
            guard length == 16 else { throw .badRecordLength(type: type, offset: start) }
            return .aaaa(try readBytes(16))
        case .ptr:
            let target = try readName()
            guard offset <= end else { throw .badRecordLength(type: type, offset: start) }
            return .ptr(target)
        case .srv:
            guard length >= 7 else { throw .badRecordLength(type: type, offset: start) }
            let priority = try readUInt16()
            let weight = try readUInt16()
            let port = try readUInt16()
            let target = try readName()
            guard offset <= end else { throw .badRecordLength(type: type, offset: start) }
            return .srv(priority: priority, weight: weight, port: port, target: target)
        case .txt:
            var strings: [[UInt8]] = []
            while offset < end {
                let count = Int(try readUInt8())
                guard offset + count <= end else { throw .txtStringOverrun(offset: offset - 1) }
                strings.append(try readBytes(count))
            }
            return .txt(strings)
        case .nsec:
            let next = try readName()
            guard offset <= end else { throw .badRecordLength(type: type, offset: start) }
            var types = Set<DNSRecordType>()
            while offset < end {
                let window = try readUInt8()
                let count = Int(try readUInt8())
                guard count >= 1, count <= 32, offset + count <= end else { throw .badRecordLength(type: type, offset: start) }
                let map = try readBytes(count)
                for (i, byte) in map.enumerated() {
                    for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
                        types.insert(DNSRecordType(rawValue: UInt16(window) << 8 | UInt16(i * 8 + bit)))
                    }
                }
            }
            return .nsec(next: next, types: types)
        default:
            return .unknown(type: type, bytes: try readBytes(length))
        }
    }
}
