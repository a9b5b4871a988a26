extension PartyRoom {
    /// A member predicted the winner of a game: `points` go on their scoreboard line (a game
    /// watched is not a game played: `played` and `wins` stay as they are).
    public mutating func awardPrediction(_ points: Int, to member: Int) {
        guard points != 0, let index = scores.firstIndex(where: { $0.member == member }) else { return }
        scores[index].points += points
    }
}
