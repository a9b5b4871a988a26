import PartyKit

/// A journal handed to the table again: what a restarted host does before it listens.
extension Table {
    /// Replays `entries` (their effects went out before the host stopped and are dropped now).
    /// Returns the last instant, how many were replayed and why replaying stopped early, if it did.
    mutating func replay(_ entries: [JournalEntry]) -> (last: Int64, replayed: Int, damage: String?) {
        var scratch: [TableEffect] = []
        var last: Int64 = 0
        for (index, entry) in entries.enumerated() {
            let input: TableInput
            do {
                input = try TableInput(journal: entry)
            } catch {
                return (last, index, error.description)
            }
            handle(input, at: GameInstant(milliseconds: entry.instant), into: &scratch)
            last = max(last, entry.instant)
        }
        return (last, entries.count, nil)
    }

    /// The connections the table counts as present: the seated players' and the spectators'.
    var connectedPeers: [Int] {
        players.filter(\.connected).map(\.peer) + spectators.map(\.peer)
    }

    /// Every player's seat and token, to be given back.
    var resumedSeats: [ResumedSeat] {
        players.map { ResumedSeat(name: $0.name, token: $0.token, isBot: $0.isBot, isHost: $0.isHost) }
    }
}
