import PartyKit
import PartyTestSupport
import Testing
@testable import Snap

@Suite("Conformance")
struct ConformanceTests {
    @Test("Snap passes the GameRules conformance suite, hidden information included")
    func conformance() {
        let failures = GameConformance.check(Snap.self, configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 60),
                                             playerCounts: [2, 3, 4])
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("The suite also passes with frequent leaving and short turns")
    func conformanceWithLeavers() {
        let failures = GameConformance.check(Snap.self, configuration: SnapConfiguration(turnSeconds: 1, turnLimit: 80),
                                             playerCounts: [3, 4], seeds: 20..<30, leaveProbability: 0.02)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("With the default settings nothing leaks or stalls either (the game need not end in the step budget)")
    func conformanceWithDefaults() {
        let failures = GameConformance.check(Snap.self, playerCounts: [2, 4], seeds: 0..<4, expectsEnd: false)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("The bundle names its parts and the descriptor")
    func bundle() {
        #expect(SnapGame.descriptor == GameDescriptor(
            id: "snap", title: "Snap!", minPlayers: 2, maxPlayers: 4, joinInProgress: false,
            summary: "Turn cards in turn and be the first to call snap when two top cards match.",
            howToPlay: "Space turns your top card in turn; press s first when two top cards match.",
            rules: Snap.descriptor.rules))
        #expect(!Snap.descriptor.rules.isEmpty)
        #expect(SnapGame.Rules.self == Snap.self)
    }
}
