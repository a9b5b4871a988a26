/// A dynamic update (RFC 2136): the zone to change, prerequisites that must hold, and the changes,
/// turned into a `DNSMessage` with opcode 5 (the zone is its question, prerequisites its answer
/// section, changes its authority section).
public struct DNSUpdate: Sendable, Hashable {
    /// The opcode of an UPDATE.
    public static let opcode: UInt8 = 5
    /// Class NONE (RFC 2136 section 2.4 and 2.5).
    static let classNone: UInt16 = 254
    /// Class ANY.
    static let classAny: UInt16 = 255

    /// The zone whose records change (its apex, where the SOA is).
    public var zone: DNSName
    /// Prerequisites (records in RFC 2136's special forms; see the builders below).
    public var prerequisites: [DNSRecord] = []
    /// The changes, applied in order.
    public var changes: [DNSRecord] = []

    /// Creates an empty update of `zone`.
    public init(zone: DNSName) { self.zone = zone }

    /// Adds `record` (an exact duplicate only has its TTL refreshed).
    public mutating func add(_ record: DNSRecord) {
        var plain = record
        plain.cacheFlush = false
        plain.recordClass = 1
        changes.append(plain)
    }

    /// Deletes every record of `type` at `name` (RFC 2136 section 2.5.2).
    public mutating func deleteRRset(_ name: DNSName, type: DNSRecordType) {
        changes.append(DNSRecord(name: name, data: .unknown(type: type, bytes: []), ttl: 0, recordClass: Self.classAny))
    }

    /// Deletes every record at `name`, of every type (RFC 2136 section 2.5.3).
    public mutating func deleteName(_ name: DNSName) {
        changes.append(DNSRecord(name: name, data: .unknown(type: .any, bytes: []), ttl: 0, recordClass: Self.classAny))
    }

    /// Deletes the one record equal to `record` (RFC 2136 section 2.5.4).
    public mutating func delete(_ record: DNSRecord) {
        changes.append(DNSRecord(name: record.name, data: record.data, ttl: 0, recordClass: Self.classNone))
    }

    /// Replaces every record of the record's type at its name by this one.
    public mutating func replace(_ record: DNSRecord) {
        deleteRRset(record.name, type: record.type)
        add(record)
    }

    /// Requires that no record of `type` exists at `name` (RFC 2136 section 2.4.3).
    public mutating func requireAbsent(_ name: DNSName, type: DNSRecordType) {
        prerequisites.append(DNSRecord(name: name, data: .unknown(type: type, bytes: []), ttl: 0, recordClass: Self.classNone))
    }

    /// The UPDATE message with message ID `id`.
    public func message(id: UInt16) -> DNSMessage {
        DNSMessage(id: id, opcode: Self.opcode,
                   questions: [DNSQuestion(name: zone, type: .soa)],
                   answers: prerequisites, authorities: changes)
    }
}
