/// One resource record: owner name, type-specific data, class flags and time to live.
public struct DNSRecord: Sendable, Hashable {
    /// The owner name.
    public var name: DNSName
    /// The record's data (which also fixes its type).
    public var data: DNSRecordData
    /// The mDNS cache-flush bit (top bit of the class): this record replaces others of its name and type.
    public var cacheFlush: Bool
    /// The class without the cache-flush bit; 1 (IN) for everything mDNS publishes.
    public var recordClass: UInt16
    /// Seconds this record may be cached; 0 means goodbye.
    public var ttl: UInt32

    /// Creates a record.
    public init(name: DNSName, data: DNSRecordData, ttl: UInt32, cacheFlush: Bool = false, recordClass: UInt16 = 1) {
        self.name = name
        self.data = data
        self.ttl = ttl
        self.cacheFlush = cacheFlush
        self.recordClass = recordClass
    }

    /// The record's type.
    public var type: DNSRecordType { data.type }

    /// True when both records have the same name, type, class and data (TTL and flags ignored).
    public func sameRecord(as other: DNSRecord) -> Bool {
        name == other.name && recordClass == other.recordClass && data == other.data
    }

    /// A copy with another TTL.
    public func with(ttl: UInt32) -> DNSRecord {
        var copy = self
        copy.ttl = ttl
        return copy
    }
}

/// A question: a name, a type and whether a unicast answer is wanted (the mDNS QU bit).
public struct DNSQuestion: Sendable, Hashable {
    /// The name asked about.
    public var name: DNSName
    /// The type asked for (`.any` for all).
    public var type: DNSRecordType
    /// The QU bit: the asker would like a unicast reply.
    public var unicastResponse: Bool
    /// The class without the QU bit; 1 (IN) normally.
    public var questionClass: UInt16

    /// Creates a question.
    public init(name: DNSName, type: DNSRecordType, unicastResponse: Bool = false, questionClass: UInt16 = 1) {
        self.name = name
        self.type = type
        self.unicastResponse = unicastResponse
        self.questionClass = questionClass
    }

    /// True when `record` answers this question (name, class and type or ANY).
    public func isAnswered(by record: DNSRecord) -> Bool {
        record.name == name && (questionClass == 255 || record.recordClass == questionClass)
            && (type == .any || type == record.type)
    }
}
