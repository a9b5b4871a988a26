import PartyKit
import Testing
@testable import TwentyFour

@Suite("The checked-in table of challenges")
struct SolvableChallengesTests {
    @Test("matches the solver exactly: every solvable set once, with the solver's solution, and nothing else")
    func tableIsFresh() {
        let fromSolver = TwentyFourSolver.allSets.compactMap { set in
            TwentyFourSolver.solution(for: set).map { "\(set) \($0)" }
        }
        let checkedIn = SolvableChallenges.all.map { "\([$0.0, $0.1, $0.2, $0.3]) \($0.4)" }
        #expect(checkedIn == fromSolver, "Games/TwentyFour/SolvableChallenges.swift is stale: regenerate it from the solver.")
        #expect(checkedIn.count == 404)
    }

    @Test("dealing gives solvable sets with their solution, and varies with the seed")
    func dealing() {
        var random = SeededRandom(seed: 3)
        var seen = Set<[Int]>()
        for _ in 0..<300 {
            let challenge = TwentyFour.deal(using: &random)
            #expect(challenge.numbers == challenge.numbers.sorted())
            #expect(TwentyFourSolver.solution(for: challenge.numbers) == challenge.solution)
            seen.insert(challenge.numbers)
        }
        #expect(seen.count > 150)
    }
}
