extension DNSMessage {
    /// The message in wire format, with names compressed against earlier names. With
    /// `compressingRecordData` false, names inside record data (PTR, SRV targets) are written in
    /// full, as unicast DNS servers want in an UPDATE (RFC 2782 forbids compressing an SRV target).
    public func serialized(compressingRecordData: Bool = true) -> [UInt8] {
        var writer = DNSWriter()
        writer.compressesRecordData = compressingRecordData
        var flags: UInt16 = 0
        if isResponse { flags |= 0x8000 }
        flags |= UInt16(opcode & 0xF) << 11
        if isAuthoritative { flags |= 0x0400 }
        if isTruncated { flags |= 0x0200 }
        if recursionDesired { flags |= 0x0100 }
        flags |= UInt16(responseCode & 0xF)
        writer.writeUInt16(id)
        writer.writeUInt16(flags)
        for count in [questions.count, answers.count, authorities.count, additionals.count] {
            writer.writeUInt16(UInt16(truncatingIfNeeded: count))
        }
        for question in questions {
            writer.writeName(question.name)
            writer.writeUInt16(question.type.rawValue)
            writer.writeUInt16(question.questionClass | (question.unicastResponse ? 0x8000 : 0))
        }
        for record in answers + authorities + additionals {
            writer.writeRecord(record)
        }
        return writer.bytes
    }

    /// Splits a response into packets of at most `maximumSize` bytes: answers are spread over as
    /// many packets as needed, and additional records go where they still fit (they are optional).
    public func splitForSending(maximumSize: Int) -> [DNSMessage] {
        if serialized().count <= maximumSize { return [self] }
        var packets: [DNSMessage] = []
        var current = self
        current.answers = []
        current.additionals = []
        for answer in answers {
            var candidate = current
            candidate.answers.append(answer)
            if candidate.serialized().count > maximumSize, !current.answers.isEmpty || !current.questions.isEmpty {
                packets.append(current)
                current = self
                current.questions = []
                current.authorities = []
                current.additionals = []
                current.answers = [answer]
            } else {
                current = candidate
            }
        }
        for additional in additionals {
            var candidate = current
            candidate.additionals.append(additional)
            if candidate.serialized().count <= maximumSize { current = candidate }
        }
        packets.append(current)
        return packets
    }
}

/// Builds wire bytes and remembers where each name suffix was written, for compression.
struct DNSWriter {
    var bytes: [UInt8] = []
    /// Whether names inside record data may be compressed (owner names always may).
    var compressesRecordData = true
    private var offsets: [[[UInt8]]: Int] = [:]

    mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func writeUInt32(_ value: UInt32) {
        writeUInt16(UInt16(value >> 16))
        writeUInt16(UInt16(value & 0xFFFF))
    }

    mutating func writeName(_ name: DNSName, compress: Bool = true) {
        let canonical = name.canonicalLabels
        for index in name.rawLabels.indices {
            let suffix = Array(canonical[index...])
            if compress, let target = offsets[suffix] {
                writeUInt16(0xC000 | UInt16(target))
                return
            }
            if compress, bytes.count < 0x3FFF { offsets[suffix] = bytes.count }
            let label = name.rawLabels[index]
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        bytes.append(0)
    }

    mutating func writeRecord(_ record: DNSRecord) {
        writeName(record.name)
        writeUInt16(record.type.rawValue)
        writeUInt16(record.recordClass | (record.cacheFlush ? 0x8000 : 0))
        writeUInt32(record.ttl)
        let lengthOffset = bytes.count
        writeUInt16(0)
        let start = bytes.count
        switch record.data {
        case .a(let address):
            bytes.append(contentsOf: address.array)
        case .aaaa(let address):
            bytes.append(contentsOf: address)
        case .ptr(let target):
            writeName(target, compress: compressesRecordData)
        case .srv(let priority, let weight, let port, let target):
            writeUInt16(priority)
            writeUInt16(weight)
            writeUInt16(port)
            writeName(target, compress: compressesRecordData)
        case .txt(let strings):
            if strings.isEmpty { bytes.append(0) }
            for string in strings {
                let clipped = string.prefix(255)
                bytes.append(UInt8(clipped.count))
                bytes.append(contentsOf: clipped)
            }
        case .nsec(let next, let types):
            // RFC 6762 section 18.14 allows compressing it, but RFC 3845 (as RFC 4034 section 4.1.1)
            // does not, and unicast DNS libraries such as dnspython refuse it: write it in full.
            writeName(next, compress: false)
            bytes.append(contentsOf: Self.typeBitmaps(types))
        case .unknown(_, let data):
            bytes.append(contentsOf: data)
        }
        let length = bytes.count - start
        bytes[lengthOffset] = UInt8(length >> 8)
        bytes[lengthOffset + 1] = UInt8(length & 0xFF)
    }

    /// The NSEC type bitmap (RFC 4034 section 4.1.2).
    static func typeBitmaps(_ types: Set<DNSRecordType>) -> [UInt8] {
        var out: [UInt8] = []
        let windows = Dictionary(grouping: types) { UInt8($0.rawValue >> 8) }
        for window in windows.keys.sorted() {
            let lows = windows[window, default: []].map { Int($0.rawValue & 0xFF) }
            let length = (lows.max() ?? 0) / 8 + 1
            var map = [UInt8](repeating: 0, count: length)
            for low in lows { map[low / 8] |= 0x80 >> UInt8(low % 8) }
            out.append(window)
            out.append(UInt8(length))
            out.append(contentsOf: map)
        }
        return out
    }

    /// The record's data as written on the wire, for probe tie-breaking (RFC 6762 8.2). The owner
    /// name is written empty, so the single name inside PTR, SRV or NSEC data is never compressed.
    static func canonicalData(_ record: DNSRecord) -> [UInt8] {
        var writer = DNSWriter()
        var plain = record
        plain.name = DNSName(unchecked: [])
        writer.writeRecord(plain)
        return Array(writer.bytes.dropFirst(11))
    }
}
