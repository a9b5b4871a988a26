import PartyKit
import PartyTestSupport
import Testing

/// `GameConformance.check` must pass a correct game and name what each broken one breaks.
@Suite("GameConformance catches broken games")
struct ConformanceTests {
    @Test("a correct game passes, players leaving included")
    func correctGamePasses() {
        let failures = GameConformance.check(RaceGame<NoFlaw>.self, seeds: 0..<30, leaveProbability: 0.05)
        #expect(failures == [])
    }

    @Test("each broken rule is reported with its own failure", arguments: [
        (Flaw.rejectionMutates, "rejecting Move(amount: 3) from seat"),
        (Flaw.stalls, "stalled: nobody may act and no deadline is set"),
        (Flaw.leaksSecrets, "the view for seat(seat 0) changes when information hidden from it changes"),
        (Flaw.nondeterministic, "replaying the same seed and"),
        (Flaw.ignoresTurn, "which the schedule did not allow to move"),
        (Flaw.neverEnds, "the game did not end within 300 steps"),
        (Flaw.silentOutcome, "the outcome has no summary"),
        (Flaw.mislabels, "labelled move \"Add 3\" (Move(amount: 3)) for seat 0 is rejected by apply (badAmount"),
        (Flaw.emptyMenu, "seat 0 could make Move(amount: 1) but has no labelled move and no typed prompt"),
        (Flaw.wideText, "the plain text for seat 0 has line 4 of 80 columns (at most 72)"),
        (Flaw.partialStandings, "not every seat of the game once"),
    ])
    func brokenGameIsCaught(flaw: Flaw, text: String) {
        let failures = Self.check(flaw)
        #expect(!failures.isEmpty)
        #expect(failures.contains { $0.contains(text) }, "\(flaw): \(failures.prefix(3))")
        #expect(failures.allSatisfy { $0.hasPrefix("race, ") })
    }

    @Test("a rejected move that changes the state is named with its code")
    func rejectionDetail() {
        let failures = Self.check(.rejectionMutates)
        #expect(failures.contains { $0.contains("(badAmount) changed the state") })
    }

    @Test("the stall is reported once per game, not once per step")
    func stallReportedOnce() {
        let failures = GameConformance.check(RaceGame<Stalls>.self, playerCounts: [2], seeds: 0..<1, maxSteps: 300)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("race, 2 players, seed 0, step ") == true)
    }

    @Test("games that need not end are not asked to")
    func endlessAllowed() {
        #expect(GameConformance.check(RaceGame<NeverEnds>.self, maxSteps: 300, expectsEnd: false) == [])
    }

    /// Runs the suite on the variant with `flaw`, without players leaving (so each flaw shows alone).
    static func check(_ flaw: Flaw) -> [String] {
        switch flaw {
        case .none: run(NoFlaw.self)
        case .rejectionMutates: run(RejectionMutates.self)
        case .stalls: run(Stalls.self)
        case .leaksSecrets: run(LeaksSecrets.self)
        case .nondeterministic: run(Nondeterministic.self)
        case .ignoresTurn: run(IgnoresTurn.self)
        case .neverEnds: run(NeverEnds.self)
        case .silentOutcome: run(SilentOutcome.self)
        case .mislabels: run(Mislabels.self)
        case .emptyMenu: run(EmptyMenu.self)
        case .wideText: run(WideText.self)
        case .partialStandings: run(PartialStandings.self)
        }
    }

    static func run<Choice: FlawChoice>(_: Choice.Type) -> [String] {
        GameConformance.check(RaceGame<Choice>.self, seeds: 0..<4, maxSteps: 300, leaveProbability: 0)
    }
}
