import PartyServer

/// The sample party and entries every journal test writes, whichever store keeps them.
public enum JournalSamples {
    /// A party not yet begun, with a join code and a command line.
    public static func party(_ name: String = "Ann's party") -> JournalParty {
        JournalParty.fresh(name: name, version: "test", arguments: ["--dedicated", "--bots", "1"], seed: 7, joinCode: "1234",
                           started: 1_800_000_000)
    }

    /// Entries numbered `range`: moves from a few peers, with a tick every third.
    public static func entries(_ range: ClosedRange<Int64>) -> [JournalEntry] {
        range.map { JournalEntry(sequence: $0, instant: $0 * 10, kind: $0 % 3 == 0 ? "tick" : "message", peer: Int($0 % 4),
                                 body: $0 % 3 == 0 ? "" : #"{"type":"move","seq":\#($0),"move":{"column":3}}"#) }
    }
}
