import PartyKit

/// The proposals of one team for its seat's next move: each member's latest, in the order they
/// came. A pure value: the session feeds it proposals and time, and asks which move to play.
struct SeatProposals {
    /// One member's proposal.
    struct Entry {
        /// The member's id.
        let member: Int
        /// Their name.
        let name: String
        /// What they propose.
        let move: TableMove
        /// The move for people (`Drop in column 4`).
        let label: String
        /// The proposal's place in arrival order (earlier first).
        let order: Int
    }

    /// The proposals now, earliest first; at most one per member.
    private(set) var entries: [Entry] = []
    /// When the first proposal of this round came (the window runs from it).
    private(set) var opened: GameInstant?
    private var nextOrder = 0

    /// Whether nobody proposes anything now.
    var isEmpty: Bool { entries.isEmpty }

    /// `member` proposes `move` (labelled `label`) at `now`, replacing what they proposed before.
    mutating func propose(member: Int, name: String, move: TableMove, label: String, at now: GameInstant) {
        entries.removeAll { $0.member == member }
        entries.append(Entry(member: member, name: name, move: move, label: label, order: nextOrder))
        nextOrder += 1
        if opened == nil { opened = now }
    }

    /// `member`'s proposal no longer counts (they dropped or left). With none left the window is
    /// gone: the next proposal opens a new one.
    mutating func withdraw(member: Int) {
        entries.removeAll { $0.member == member }
        if entries.isEmpty { opened = nil }
    }

    /// Drops every proposal of `move` (the rules no longer take it); with none left the window is gone.
    mutating func drop(_ move: TableMove) {
        entries.removeAll { $0.move == move }
        if entries.isEmpty { opened = nil }
    }

    /// How many members propose `move`.
    func votes(for move: TableMove) -> Int {
        entries.filter { $0.move == move }.count
    }

    /// The moves proposed, most proposed first; equal counts: the one proposed earliest first.
    var ranked: [TableMove] {
        var firsts: [TableMove: Int] = [:]
        var counts: [TableMove: Int] = [:]
        for entry in entries {
            counts[entry.move, default: 0] += 1
            if firsts[entry.move] == nil { firsts[entry.move] = entry.order }
        }
        return counts.keys.sorted { lhs, rhs in
            if counts[lhs] != counts[rhs] { return counts[lhs]! > counts[rhs]! }
            return firsts[lhs]! < firsts[rhs]!
        }
    }

    /// The move that `majority` members agree on, if one has that many.
    func agreed(majority: Int) -> TableMove? {
        ranked.first.flatMap { votes(for: $0) >= majority ? $0 : nil }
    }

    /// When the window ends: `window` milliseconds after the first proposal, or the game's own
    /// deadline when that comes first (the proposals are played before the game moves on).
    func deadline(window: Int64, gameDeadline: GameInstant?) -> GameInstant? {
        guard let opened, !entries.isEmpty else { return nil }
        let end = opened.adding(milliseconds: window)
        guard let gameDeadline else { return end }
        return min(end, gameDeadline)
    }

    /// The majority of `connected` members: more than half.
    static func majority(of connected: Int) -> Int {
        connected / 2 + 1
    }
}
