import PartyKit

/// The party scoreboard's rule: points for a place in one game, scaled so every game weighs the same.
///
/// In a game of `n` ranked players, a player's points are `100 × (n − r) / (n − 1)`, rounded to the
/// nearest whole point, where `r` is their rank: the first gets 100 and the last 0 whether two or
/// eight played. Players who tie share the ranks they cover (two tied for first of three both have
/// rank 1.5, so 75 points each), so a game always hands out `50 × n` points in all. A game with one
/// player gives no points: there is nobody to compare with.
public enum PartyScoring {
    /// The most points one game gives.
    public static let winnerPoints = 100

    /// Points for each seat of `standings` (best first, ties sharing a place).
    public static func points(for standings: [Standing]) -> [SeatID: Int] {
        let count = standings.count
        guard count > 1 else { return Dictionary(uniqueKeysWithValues: standings.map { ($0.seat, 0) }) }
        var points: [SeatID: Int] = [:]
        var index = 0
        let sorted = standings.sorted { $0.place < $1.place }
        while index < count {
            let place = sorted[index].place
            var end = index
            while end + 1 < count, sorted[end + 1].place == place { end += 1 }
            // Ranks index+1 … end+1 shared: their mean, times 2 to stay in whole numbers.
            let doubledRank = (index + 1) + (end + 1)
            // 100 × (n − r) / (n − 1) with r = doubledRank / 2, rounded half up.
            let numerator = winnerPoints * (2 * count - doubledRank)
            let denominator = 2 * (count - 1)
            let value = (2 * numerator + denominator) / (2 * denominator)
            for entry in sorted[index...end] { points[entry.seat] = value }
            index = end + 1
        }
        return points
    }
}
