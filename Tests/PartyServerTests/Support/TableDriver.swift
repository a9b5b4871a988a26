import NIOCore
import PartyKit
@testable import PartyServer
import PartyWire

/// A table driven without sockets: inputs go in at instants the test chooses, and every effect
/// comes out as text (a transcript) and as the messages each connection received (an inbox).
/// The inputs are recorded, so the same table can be played again from empty.
struct TableDriver {
    var table: Table
    /// Every input handed to the table, with its instant, in order.
    private(set) var recorded: [(input: TableInput, at: GameInstant)] = []
    /// Whether a host journals each recorded input (`Table.mustJournal`).
    private(set) var journaled: [Bool] = []
    /// Every effect, as text: `3 ← {"type":"lobby",…}`, `close 3`, `status …`, `log …`.
    private(set) var transcript: [String] = []
    /// What each connection was sent and has not been read yet.
    var inbox: [Int: [Envelope]] = [:]
    /// Connections the table closed.
    private(set) var closed: Set<Int> = []
    let codec = MessageCodec()

    init(table: Table) {
        self.table = table
    }

    /// Hands `input` to the table at `now` and files what it says.
    /// The journal a host would have written so far.
    var journal: [JournalEntry] {
        var entries: [JournalEntry] = []
        for (index, recorded) in recorded.enumerated() where journaled[index] {
            entries.append(recorded.input.journalEntry(sequence: Int64(entries.count + 1), instant: recorded.at))
        }
        return entries
    }

    mutating func feed(_ input: TableInput, at now: GameInstant) {
        recorded.append((input, now))
        let unheard = table.unheard
        let effects = table.handle(input, at: now)
        journaled.append(table.mustJournal(input, effects: effects, unheardBefore: unheard))
        for effect in effects { file(effect) }
    }

    /// A connection's message as the client wrote it (`seq` included).
    mutating func send(_ json: String, from peer: Int, at now: GameInstant) throws {
        feed(.message(peer: peer, envelope: try codec.envelope(of: ByteBuffer(string: json))), at: now)
    }

    /// A client's message, numbered `seq`.
    mutating func send(_ message: some WireMessage, seq: Int, from peer: Int, at now: GameInstant) throws {
        feed(.message(peer: peer, envelope: try codec.envelope(of: try codec.encode(message, seq: seq))), at: now)
    }

    /// Takes what `peer` received so far.
    mutating func read(_ peer: Int) -> [Envelope] {
        defer { inbox[peer] = [] }
        return inbox[peer] ?? []
    }

    /// The messages of `type` that `peer` received so far, decoded (the inbox keeps them).
    func received<Message: WireMessage>(_ type: Message.Type, by peer: Int) -> [Message] {
        (inbox[peer] ?? []).filter { $0.type == Message.type }.compactMap { try? codec.decode(type, from: $0) }
    }

    private mutating func file(_ effect: TableEffect) {
        switch effect {
        case .send(let message, let peer):
            deliver((try? codec.encode(message.message, seq: 0)) ?? ByteBuffer(), to: peer)
        case .sendMany(let message, let peers):
            let bytes = (try? codec.encode(message.message, seq: 0)) ?? ByteBuffer()
            for peer in peers { deliver(bytes, to: peer) }
        case .views(let views):
            let recording = ViewRecording()
            views.write(to: ViewOutput(recording: recording))
            for (peer, bytes) in recording.sent { deliver(bytes, to: peer) }
        case .close(let peer):
            closed.insert(peer)
            transcript.append("close \(peer)")
        case .abort(let peer):
            closed.insert(peer)
            transcript.append("abort \(peer)")
        case .status(let status):
            transcript.append("status \(status)")
        case .log(let level, let text, let metadata):
            transcript.append("log \(level) \(text) \(metadata.sorted { $0.key < $1.key })")
        case .ended:
            transcript.append("ended")
        }
    }

    private mutating func deliver(_ bytes: ByteBuffer, to peer: Int) {
        transcript.append("\(peer) ← \(String(buffer: bytes))")
        guard !closed.contains(peer), let envelope = try? codec.envelope(of: bytes) else { return }
        inbox[peer, default: []].append(envelope)
    }
}

extension Table {
    /// A table for tests: a locked one of `game`, or a room of `room`, with a fixed seed and ids.
    static func testTable(game: HostedGame? = nil, room: RoomSettings? = nil, options: HostOptions = HostOptions(), seed: UInt64 = 42)
        -> Table {
        var options = options
        options.seed = seed
        return Table(game: game, room: room, options: options, hostKey: "host-key", sessionID: "session-1", seed: seed)
    }
}
