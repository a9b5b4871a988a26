/// A whole DNS message: header fields and the four sections (RFC 1035 section 4).
public struct DNSMessage: Sendable, Hashable {
    /// The message ID; 0 for every multicast DNS message we send.
    public var id: UInt16
    /// True for a response (QR bit), false for a query.
    public var isResponse: Bool
    /// The opcode (0 for a standard query).
    public var opcode: UInt8
    /// The authoritative-answer bit; mDNS responses set it.
    public var isAuthoritative: Bool
    /// The truncation bit: more known answers follow in another packet.
    public var isTruncated: Bool
    /// The recursion-desired bit (RD): a unicast query to a recursive resolver sets it; mDNS never does.
    public var recursionDesired = false
    /// The response code (0 for no error).
    public var responseCode: UInt8
    /// The questions.
    public var questions: [DNSQuestion]
    /// The answer section.
    public var answers: [DNSRecord]
    /// The authority section (proposed records while probing).
    public var authorities: [DNSRecord]
    /// The additional section.
    public var additionals: [DNSRecord]

    /// Creates a message; the defaults make an empty query with ID 0.
    public init(
        id: UInt16 = 0,
        isResponse: Bool = false,
        opcode: UInt8 = 0,
        isAuthoritative: Bool = false,
        isTruncated: Bool = false,
        responseCode: UInt8 = 0,
        questions: [DNSQuestion] = [],
        answers: [DNSRecord] = [],
        authorities: [DNSRecord] = [],
        additionals: [DNSRecord] = []
    ) {
        self.id = id
        self.isResponse = isResponse
        self.opcode = opcode
        self.isAuthoritative = isAuthoritative
        self.isTruncated = isTruncated
        self.responseCode = responseCode
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
    }

    /// An mDNS response: ID 0, authoritative, no questions.
    public static func response(answers: [DNSRecord], additionals: [DNSRecord] = []) -> DNSMessage {
        DNSMessage(isResponse: true, isAuthoritative: true, answers: answers, additionals: additionals)
    }

    /// Every record of the three record sections.
    public var allRecords: [DNSRecord] { answers + authorities + additionals }
}

/// Why bytes could not be read as a DNS message. Every malformed input ends in one of these.
public enum DNSParseError: Error, Sendable, Equatable {
    /// The packet ended in the middle of something; the offset is where more bytes were needed.
    case truncated(offset: Int)
    /// A compression pointer did not point strictly backwards, so following it could loop forever.
    case compressionLoop(offset: Int)
    /// A label length byte used the reserved 01 or 10 prefix.
    case invalidLabelType(offset: Int)
    /// A name ran past 255 bytes.
    case nameTooLong(offset: Int)
    /// A record's data length did not match what its type holds.
    case badRecordLength(type: DNSRecordType, offset: Int)
    /// A TXT string's length byte ran past the end of the record data.
    case txtStringOverrun(offset: Int)
    /// The header promised more entries than the packet holds.
    case countExceedsPacket(section: String, declared: Int)
}

extension DNSParseError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .truncated(let o): "the DNS packet ends early (at byte \(o))"
        case .compressionLoop(let o): "a DNS compression pointer at byte \(o) does not point backwards"
        case .invalidLabelType(let o): "a DNS label at byte \(o) has a reserved type"
        case .nameTooLong(let o): "a DNS name ending at byte \(o) is longer than 255 bytes"
        case .badRecordLength(let t, let o): "a \(t) record at byte \(o) has the wrong data length"
        case .txtStringOverrun(let o): "a TXT string at byte \(o) runs past the record's end"
        case .countExceedsPacket(let s, let n): "the DNS header promises \(n) \(s) entries the packet does not hold"
        }
    }
}
