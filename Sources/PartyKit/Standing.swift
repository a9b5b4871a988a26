/// Where one seat finished in a game: its place (1 is best; tied seats share a place) and its score.
public struct Standing: Hashable, Codable, Sendable {
    /// The seat.
    public var seat: SeatID
    /// 1 for the best; seats that tie share the place, and the next place skips ("1, 1, 3").
    public var place: Int
    /// The game's own score for the seat (discs do not score: nil), shown beside the place.
    public var score: Int?

    /// Creates a standing.
    public init(seat: SeatID, place: Int, score: Int? = nil) {
        self.seat = seat
        self.place = place
        self.score = score
    }

    /// Standings ranked by `score`, highest first, ties sharing a place ("1, 1, 3"), seats in
    /// `order` within a place. A seat listed in `last` (left the game) is placed after everyone
    /// else, whatever it scored.
    public static func ranked(_ scores: [(seat: SeatID, score: Int)], last: Set<SeatID> = []) -> [Standing] {
        let sorted = scores.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            let leftGone = last.contains(left.seat), rightGone = last.contains(right.seat)
            if leftGone != rightGone { return !leftGone }
            if left.score != right.score { return left.score > right.score }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var standings: [Standing] = []
        for (index, entry) in sorted.enumerated() {
            var place = index + 1
            if let previous = standings.last,
               last.contains(entry.seat) == last.contains(sorted[index - 1].seat), sorted[index - 1].score == entry.score {
                place = previous.place
            }
            standings.append(Standing(seat: entry.seat, place: place, score: entry.score))
        }
        return standings
    }

    /// Winners first at place 1, then everyone else at place `winners.count + 1` (all at 1 when
    /// there are no winners: a draw), for games that rank no further than who won.
    public static func winnersFirst(_ winners: [SeatID], of seats: [SeatID]) -> [Standing] {
        guard !winners.isEmpty else { return seats.map { Standing(seat: $0, place: 1) } }
        let winning = Set(winners)
        return seats.filter(winning.contains).map { Standing(seat: $0, place: 1) }
            + seats.filter { !winning.contains($0) }.map { Standing(seat: $0, place: winning.count + 1) }
    }
}
