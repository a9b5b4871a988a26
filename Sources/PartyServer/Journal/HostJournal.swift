import PartyKit

/// A party's journal as a host is given it: the store to write to, the party, and (when the party
/// resumes after its host stopped) the entries to replay first.
public struct HostJournal: Sendable {
    /// Where the journal is kept.
    public let store: any JournalStore
    /// The party: its id, seed, session id and host key build the same table again.
    public let party: JournalParty
    /// The party's journal so far (empty for a new party).
    public let entries: [JournalEntry]
    /// Told when writing fails and when it works again (a sentence for the host's screen and log).
    public let onProblem: @Sendable (String) -> Void
    /// How long after a failed write the next is tried, in milliseconds (inputs wait in memory).
    public var retryMilliseconds: Int64 = 5_000

    /// A journal for `party` in `store`, resuming from `entries`.
    public init(store: any JournalStore, party: JournalParty, entries: [JournalEntry] = [],
                onProblem: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.party = party
        self.entries = entries
        self.onProblem = onProblem
    }

    /// The highest connection id in the journal: the resumed host numbers new connections after it.
    var lastPeer: Int { entries.lazy.map(\.peer).max() ?? 0 }
}

extension JournalParty {
    /// A new party named `name`, with a fresh session id, host key and seed (`seed` when given).
    public static func fresh(name: String, version: String, arguments: [String], seed: UInt64?, joinCode: String?,
                             started: Double) -> JournalParty {
        var system = SystemRandomNumberGenerator()
        return JournalParty(name: name, started: started, version: version, arguments: arguments, seed: seed ?? system.next(),
                            sessionID: Session.hex(bits: 64, using: &system), hostKey: Session.hex(bits: 128, using: &system),
                            joinCode: joinCode, port: 0)
    }
}

/// Someone holding a seat in a resumed party, with the token that gives it back (the host hands
/// its own player's and its bots' tokens to them when it starts again).
public struct ResumedSeat: Sendable, Equatable {
    /// The player's name.
    public var name: String
    /// The token their next hello presents.
    public var token: String
    /// Whether it is one of the host's bots.
    public var isBot: Bool
    /// Whether it is the host's own player.
    public var isHost: Bool
}

/// What replaying a journal gave.
public struct ResumeSummary: Sendable, Equatable {
    /// How many entries were replayed.
    public var replayed: Int
    /// Why replaying stopped before the end (a damaged entry), or nil.
    public var damage: String?
    /// Games finished in the party so far.
    public var gamesPlayed: Int
    /// The seats held, to be given back.
    public var seats: [ResumedSeat]
}

extension Table {
    /// Whether the input just handled must be journaled: replaying without it would give another
    /// table. Only a tick or a heartbeat that made the host do nothing and broadcast to nobody
    /// (`unheard` as it was before the input) is left out.
    func mustJournal(_ input: TableInput, effects: [TableEffect], unheardBefore: Int) -> Bool {
        !effects.isEmpty || unheard != unheardBefore || !input.changesNothingWithoutEffects
    }
}

extension TableInput {
    /// Whether this input changes the table only through what it makes the host do: the clock's
    /// tick (a deadline that passed sends something) and a heartbeat (which the table ignores).
    var changesNothingWithoutEffects: Bool {
        switch self {
        case .tick: return true
        case .message(_, let envelope): return envelope.type == .heartbeat
        default: return false
        }
    }
}
