import NIOCore
import PartyKit
import PartyWire

/// One thing that happened to the table, as the host saw it: a closed, `Codable` list, so that a
/// table's life can be written down and played again (the same inputs at the same instants give
/// the same table and the same effects).
enum TableInput: Sendable {
    /// Connection `peer`, from `address`, said `hello`; `token` is the fresh reconnect secret the
    /// host drew for it (used if it is seated or given its seat back).
    case hello(peer: Int, address: String, hello: Hello, token: String)
    /// A welcomed connection sent a message (a move, a vote, a proposal, a prediction, ready,
    /// start, rematch, leave, …): the table reads it.
    case message(peer: Int, envelope: Envelope)
    /// Connection `peer` is gone: dropped (the seat is held), left, or closed for a fault.
    case departed(peer: Int, reason: DepartureReason)
    /// The clock: deadlines, countdowns and held seats that are due at this instant.
    case tick
    /// The host ends the session.
    case end(reason: String, message: String)
}

extension TableInput: Codable {
    private enum Kind: String, Codable {
        case hello, message, departed, tick, end
    }

    private enum Keys: String, CodingKey {
        case kind, peer, address, hello, token, body, reason, message
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .hello:
            self = .hello(peer: try container.decode(Int.self, forKey: .peer), address: try container.decode(String.self, forKey: .address),
                          hello: try container.decode(Hello.self, forKey: .hello), token: try container.decode(String.self, forKey: .token))
        case .message:
            // The frame as it came: its type and seq are read again from it, as they were then.
            let body = try container.decode(String.self, forKey: .body)
            self = .message(peer: try container.decode(Int.self, forKey: .peer), envelope: try MessageCodec().envelope(of: ByteBuffer(string: body)))
        case .departed:
            self = .departed(peer: try container.decode(Int.self, forKey: .peer), reason: try container.decode(DepartureReason.self, forKey: .reason))
        case .tick:
            self = .tick
        case .end:
            self = .end(reason: try container.decode(String.self, forKey: .reason), message: try container.decode(String.self, forKey: .message))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .hello(let peer, let address, let hello, let token):
            try container.encode(Kind.hello, forKey: .kind)
            try container.encode(peer, forKey: .peer)
            try container.encode(address, forKey: .address)
            try container.encode(hello, forKey: .hello)
            try container.encode(token, forKey: .token)
        case .message(let peer, let envelope):
            try container.encode(Kind.message, forKey: .kind)
            try container.encode(peer, forKey: .peer)
            try container.encode(String(buffer: envelope.body), forKey: .body)
        case .departed(let peer, let reason):
            try container.encode(Kind.departed, forKey: .kind)
            try container.encode(peer, forKey: .peer)
            try container.encode(reason, forKey: .reason)
        case .tick:
            try container.encode(Kind.tick, forKey: .kind)
        case .end(let reason, let message):
            try container.encode(Kind.end, forKey: .kind)
            try container.encode(reason, forKey: .reason)
            try container.encode(message, forKey: .message)
        }
    }
}
