/// Forms balanced teams and names them: the table's rule for seating more people than a game has
/// seats. Pure, so that the room and a locked session form teams the same way.
enum TeamFormation {
    /// `members` (in the order they should be considered) split into `seats` teams whose sizes
    /// differ by at most one. Each member goes to a smallest team, preferring the one with the
    /// fewest of their teammates of last time (`lastTeammates`), then the first.
    static func balanced(_ members: [Int], seats: Int, lastTeammates: [Int: Set<Int>] = [:]) -> [[Int]] {
        guard seats > 0 else { return [] }
        var teams = Array(repeating: [Int](), count: seats)
        for member in members {
            let smallest = teams.map(\.count).min() ?? 0
            let former = lastTeammates[member] ?? []
            var best = 0
            var bestOverlap = Int.max
            for index in teams.indices where teams[index].count == smallest {
                let overlap = teams[index].filter(former.contains).count
                if overlap < bestOverlap {
                    best = index
                    bestOverlap = overlap
                }
            }
            teams[best].append(member)
        }
        return teams
    }

    /// Who was in a team (of two or more) with whom, from teams just played.
    static func teammates(_ teams: [[Int]]) -> [Int: Set<Int>] {
        var result: [Int: Set<Int>] = [:]
        for team in teams where team.count > 1 {
            for member in team { result[member] = Set(team).subtracting([member]) }
        }
        return result
    }

    /// "Team Ann & Bob", "Team Ann, Bob & Cy", up to four names; a larger team is named by its
    /// first two and a count ("Team Ann, Bob & 30 more": a class of 64 in two teams would otherwise
    /// be named by 32 names each); a team of one is just its member's name.
    static func name(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        if names.count > namedMembers { return "Team \(names[0]), \(names[1]) & \(names.count - 2) more" }
        return "Team " + names.dropLast().joined(separator: ", ") + " & " + names[names.count - 1]
    }

    /// The most members a team's name lists one by one.
    static let namedMembers = 4
}
