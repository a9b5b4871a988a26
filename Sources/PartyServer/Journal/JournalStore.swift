/// Where parties' journals are kept: every input a table accepted, in order, with its instant,
/// and each party's header and results. The embedded store is a SQLite file (`PartyJournal`);
/// a fleet keeps the same records in PostgreSQL behind this same protocol.
///
/// Calls are synchronous and made on the session's event loop (an append is one short
/// transaction: the host's writes to its clients wait for it). Implementations throw
/// `JournalError`.
public protocol JournalStore: AnyObject, Sendable {
    /// The newest party kept here that has not finished, if any.
    func unfinishedParty() throws -> JournalParty?
    /// Records a new party and returns it with its id.
    func begin(_ party: JournalParty) throws -> JournalParty
    /// Appends `entries` to `party`'s journal in one transaction: all of them or none.
    func append(_ entries: [JournalEntry], party: Int64) throws
    /// Appends the batches of several parties, in one transaction where the store can (the rooms
    /// of one event loop commit together).
    func append(batches: [JournalBatch]) throws
    /// `party`'s entries in order, up to the first one that cannot be read.
    func entries(party: Int64) throws -> JournalReading
    /// Removes `party`'s entries after `sequence` (damaged ones the party could not be replayed past).
    func truncate(party: Int64, after sequence: Int64) throws
    /// Records the port `party` listens on.
    func savePort(_ port: Int, party: Int64) throws
    /// Saves the party's results so far (a `RoomReport` as JSON).
    func saveResults(_ json: String, party: Int64) throws
    /// Marks `party` finished (ended on purpose, or set aside by `--new`): it is never resumed.
    func finish(party: Int64, reason: String, at: Double) throws
    /// Every party kept here, oldest first.
    func parties() throws -> [JournalParty]
}

extension JournalStore {
    /// One party's batch after another (a store that cannot make them one transaction).
    public func append(batches: [JournalBatch]) throws {
        for batch in batches { try append(batch.entries, party: batch.party) }
    }
}

/// A party's entries of one turn.
public struct JournalBatch: Sendable {
    /// The party.
    public var party: Int64
    /// Its entries, in order.
    public var entries: [JournalEntry]

    /// A batch.
    public init(party: Int64, entries: [JournalEntry]) {
        self.party = party
        self.entries = entries
    }
}

/// A party as its journal describes it: what it takes to build the same table again.
public struct JournalParty: Sendable, Equatable, Codable {
    /// The store's id for it (0 until `begin`).
    public var id: Int64
    /// The session's name ("Ann's party").
    public var name: String
    /// When it started, in seconds since 1970.
    public var started: Double
    /// The version of partyhost that started it.
    public var version: String
    /// The command line it was started with (its options), to build the same table again.
    public var arguments: [String]
    /// The seed of the table's randomness.
    public var seed: UInt64
    /// The session's id (`welcome.session`).
    public var sessionID: String
    /// The secret that marks the host's own player.
    public var hostKey: String
    /// The join code, when the party has one.
    public var joinCode: String?
    /// The port it listened on.
    public var port: Int
    /// Why it finished (nil while it has not).
    public var finished: String?
    /// When it finished, in seconds since 1970.
    public var finishedAt: Double?
    /// Its results so far (a `RoomReport` as JSON), once a game was played.
    public var results: String?

    /// A party not yet recorded.
    public init(name: String, started: Double, version: String, arguments: [String], seed: UInt64, sessionID: String,
                hostKey: String, joinCode: String?, port: Int) {
        id = 0
        self.name = name
        self.started = started
        self.version = version
        self.arguments = arguments
        self.seed = seed
        self.sessionID = sessionID
        self.hostKey = hostKey
        self.joinCode = joinCode
        self.port = port
    }
}

/// One input the table accepted, as a journal keeps it.
public struct JournalEntry: Sendable, Equatable {
    /// Its place in the party's journal, from 1.
    public var sequence: Int64
    /// The table's instant, in milliseconds of the session's clock.
    public var instant: Int64
    /// What kind of input (`hello`, `message`, `departed`, `tick`, `end`).
    public var kind: String
    /// The connection it came from (0 for the clock and the host).
    public var peer: Int
    /// The rest: a message's frame as received, a departure's reason, a hello or an end as JSON.
    public var body: String

    /// An entry.
    public init(sequence: Int64, instant: Int64, kind: String, peer: Int, body: String) {
        self.sequence = sequence
        self.instant = instant
        self.kind = kind
        self.peer = peer
        self.body = body
    }
}

/// A party's journal as read back: the entries that could be read, and what stopped the reading.
public struct JournalReading: Sendable {
    /// The entries, in order.
    public var entries: [JournalEntry]
    /// Why reading stopped before the end (a damaged entry), or nil when all were read.
    public var damage: String?

    /// A reading.
    public init(entries: [JournalEntry], damage: String?) {
        self.entries = entries
        self.damage = damage
    }
}
