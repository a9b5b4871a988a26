import Crypto

/// Transaction signatures (RFC 8945) with HMAC-SHA256: signs a request and checks the server's
/// signed answer, so a DNS server can tell our updates from anyone else's.
public enum TSIG {
    /// The algorithm name of HMAC-SHA256.
    public static let algorithm = DNSName(unchecked: ["hmac-sha256"].map { Array($0.utf8) })
    /// Seconds the signer's and the checker's clocks may differ (RFC 8945 recommends 300).
    public static let fudge: UInt16 = 300

    /// A signed message: the bytes to send, and the MAC the answer's signature covers.
    public struct Signed: Sendable, Hashable {
        /// The message with its TSIG record appended.
        public var bytes: [UInt8]
        /// The request's MAC.
        public var mac: [UInt8]
    }

    /// What a TSIG record says.
    public struct Record: Sendable, Hashable {
        /// The key's name.
        public var keyName: DNSName
        /// The algorithm's name.
        public var algorithm: DNSName
        /// Seconds since 1970 when it was signed (48 bits).
        public var timeSigned: UInt64
        /// The allowed clock difference in seconds.
        public var fudge: UInt16
        /// The MAC (empty in an unsigned error answer).
        public var mac: [UInt8]
        /// The ID the message had when it was signed.
        public var originalID: UInt16
        /// The TSIG error (0, or 16 BADSIG, 17 BADKEY, 18 BADTIME, 22 BADTRUNC).
        public var error: UInt16
        /// Other data (the server's time in a BADTIME answer).
        public var other: [UInt8]
    }

    /// Signs `message` (already serialized, without a TSIG record) with `key` at `time` (seconds
    /// since 1970).
    public static func sign(_ message: [UInt8], key: TSIGKey, time: UInt64) -> Signed {
        let record = Record(keyName: key.name, algorithm: algorithm, timeSigned: time, fudge: fudge, mac: [],
                            originalID: message.count >= 2 ? UInt16(message[0]) << 8 | UInt16(message[1]) : 0,
                            error: 0, other: [])
        let mac = code(for: message + variables(record), key: key)
        var signed = record
        signed.mac = mac
        var bytes = message
        let additionals = (UInt16(bytes[10]) << 8 | UInt16(bytes[11])) &+ 1
        bytes[10] = UInt8(additionals >> 8)
        bytes[11] = UInt8(additionals & 0xFF)
        bytes += wire(signed)
        return Signed(bytes: bytes, mac: mac)
    }

    /// The TSIG record at the end of `bytes`, and the message as it was before it was signed (the
    /// TSIG removed, the additional count one less, the original ID restored); nil when the last
    /// record is no TSIG.
    public static func split(_ bytes: [UInt8]) throws(DNSParseError) -> (record: Record, unsigned: [UInt8])? {
        let message = try DNSMessage(bytes: bytes)
        guard let last = message.additionals.last, last.type == .tsig, case .unknown(_, let data) = last.data else { return nil }
        // Walk the message again to find where the last record starts.
        var reader = DNSReader(bytes: bytes)
        reader.offset = 12
        for _ in message.questions { _ = try reader.readName(); reader.offset += 4 }
        let records = message.answers.count + message.authorities.count + message.additionals.count
        for _ in 0..<(records - 1) { _ = try reader.readRecord() }
        let start = reader.offset
        var rdata = DNSReader(bytes: data)
        let algorithm = try rdata.readName()
        let high = UInt64(try rdata.readUInt16())
        let low = UInt64(try rdata.readUInt32())
        let fudge = try rdata.readUInt16()
        let mac = try rdata.readBytes(Int(try rdata.readUInt16()))
        let originalID = try rdata.readUInt16()
        let error = try rdata.readUInt16()
        let other = try rdata.readBytes(Int(try rdata.readUInt16()))
        let record = Record(keyName: last.name, algorithm: algorithm, timeSigned: high << 32 | low, fudge: fudge, mac: mac,
                            originalID: originalID, error: error, other: other)
        var unsigned = Array(bytes[..<start])
        let additionals = UInt16(message.additionals.count - 1)
        unsigned[0] = UInt8(originalID >> 8)
        unsigned[1] = UInt8(originalID & 0xFF)
        unsigned[10] = UInt8(additionals >> 8)
        unsigned[11] = UInt8(additionals & 0xFF)
        return (record, unsigned)
    }

    /// True when `record` is a valid signature by `key` of an answer (`unsigned`) to the request
    /// whose MAC was `requestMAC` (RFC 8945 section 5.3).
    public static func verifies(_ record: Record, unsigned: [UInt8], requestMAC: [UInt8], key: TSIGKey) -> Bool {
        guard record.keyName == key.name, record.algorithm == algorithm, record.mac.count == 32 else { return false }
        let prefix = [UInt8(requestMAC.count >> 8), UInt8(requestMAC.count & 0xFF)] + requestMAC
        let expected = code(for: prefix + unsigned + variables(record), key: key)
        // Compare every byte, so the time taken says nothing about where they differ.
        return zip(expected, record.mac).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// HMAC-SHA256 of `data`.
    static func code(for data: [UInt8], key: TSIGKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key.secret)))
    }

    /// The TSIG variables the MAC covers (RFC 8945 section 4.3.3): names in canonical (lower-case,
    /// uncompressed) form, class ANY, TTL 0, and everything but the MAC and the original ID.
    static func variables(_ record: Record) -> [UInt8] {
        var writer = DNSWriter()
        writer.writeName(DNSName(unchecked: record.keyName.canonicalLabels), compress: false)
        writer.writeUInt16(255)
        writer.writeUInt32(0)
        writer.writeName(DNSName(unchecked: record.algorithm.canonicalLabels), compress: false)
        writer.writeUInt16(UInt16(truncatingIfNeeded: record.timeSigned >> 32))
        writer.writeUInt32(UInt32(truncatingIfNeeded: record.timeSigned))
        writer.writeUInt16(record.fudge)
        writer.writeUInt16(record.error)
        writer.writeUInt16(UInt16(record.other.count))
        writer.bytes += record.other
        return writer.bytes
    }

    /// The whole TSIG resource record in wire form (names uncompressed, as RFC 8945 requires).
    static func wire(_ record: Record) -> [UInt8] {
        var writer = DNSWriter()
        writer.writeName(record.keyName, compress: false)
        writer.writeUInt16(DNSRecordType.tsig.rawValue)
        writer.writeUInt16(255)
        writer.writeUInt32(0)
        var data = DNSWriter()
        data.writeName(record.algorithm, compress: false)
        data.writeUInt16(UInt16(truncatingIfNeeded: record.timeSigned >> 32))
        data.writeUInt32(UInt32(truncatingIfNeeded: record.timeSigned))
        data.writeUInt16(record.fudge)
        data.writeUInt16(UInt16(record.mac.count))
        data.bytes += record.mac
        data.writeUInt16(record.originalID)
        data.writeUInt16(record.error)
        data.writeUInt16(UInt16(record.other.count))
        data.bytes += record.other
        writer.writeUInt16(UInt16(data.bytes.count))
        return writer.bytes + data.bytes
    }
}
