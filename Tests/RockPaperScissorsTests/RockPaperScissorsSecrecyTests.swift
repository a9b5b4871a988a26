import Foundation
import PartyKit
import RockPaperScissors
import Testing

/// The key property: no choice is shown to anyone before the round is revealed, in any view,
/// spectator view, plain text, menu or drawing; after the reveal all of them are shown.
@Suite("Rock Paper Scissors secrecy")
struct RockPaperScissorsSecrecyTests {
    typealias S = SampleGames

    /// Everything a client of `viewer` could receive or show: the view as JSON, the plain text,
    /// the labelled moves, the line-mode description and the full-screen drawing.
    static func everythingShown(in game: RockPaperScissors, to viewer: Viewer, at now: GameInstant) throws -> [String] {
        let view = game.view(for: viewer, at: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(view), as: UTF8.self)
        let context = S.context(for: viewer)
        let menu = viewer.seat.map { RockPaperScissors.labelledMoves(in: view, for: $0).map(\.label).joined(separator: "|") } ?? ""
        var canvas = Canvas(width: 80, height: 20)
        RockPaperScissorsPresenter().draw(view, context: context, on: &canvas)
        return [json, RockPaperScissors.plainText(of: view, context: context), menu,
                RockPaperScissorsPresenter().describe(view, context: context), canvas.text]
    }

    static let shapeWords = ["rock", "paper", "scissors"]

    @Test(arguments: Shape.allCases)
    func aChoiceIsShownToNobodyElseBeforeTheReveal(shape: Shape) throws {
        let game = try S.aliceChose(shape)
        for viewer in [Viewer.seat(S.bob.id), .seat(S.carol.id), .spectator] {
            let view = game.view(for: viewer, at: .seconds(2))
            #expect(view.mine == nil)
            let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self).lowercased()
            for word in Self.shapeWords {
                #expect(!json.contains(word), "the view for \(viewer) names \(word): \(json)")
            }
            let text = RockPaperScissors.plainText(of: view, context: S.context(for: viewer)).lowercased()
            for word in Self.shapeWords {
                #expect(!text.contains(word), "the plain text for \(viewer) names \(word): \(text)")
            }
        }
        // Alice herself sees her choice, and others see only that she has chosen.
        #expect(game.view(for: .seat(S.alice.id), at: .seconds(2)).mine == shape)
        #expect(game.view(for: .spectator, at: .seconds(2)).players.map(\.chosen) == [true, false, false])
    }

    @Test func whatOthersSeeIsTheSameWhicheverShapeWasChosen() throws {
        // Bob and Carol, a spectator, each get exactly the same bytes, text, menu and screen
        // whether Alice chose rock, paper or scissors (and Bob's own pending choice changes nothing for Carol).
        for viewer in [Viewer.seat(S.bob.id), .seat(S.carol.id), .spectator] {
            let shown = try Shape.allCases.map { try Self.everythingShown(in: S.aliceChose($0), to: viewer, at: .seconds(2)) }
            #expect(shown[0] == shown[1] && shown[1] == shown[2], "\(viewer) can tell Alice's shape apart")
        }
        let carolSees = try Shape.allCases.map { bobs -> [String] in
            var game = try S.aliceChose(.rock)
            try game.apply(RockPaperScissorsMove(shape: bobs), from: S.bob.id, at: .seconds(3))
            return try Self.everythingShown(in: game, to: .seat(S.carol.id), at: .seconds(3))
        }
        #expect(carolSees[0] == carolSees[1] && carolSees[1] == carolSees[2])
    }

    @Test func rejectionsDoNotTellWhatOthersChose() throws {
        var game = try S.aliceChose(.scissors)
        let before = game
        #expect(throws: RockPaperScissorsRejection.alreadyChosen) {
            try game.apply(RockPaperScissorsMove(shape: .rock), from: S.alice.id, at: .seconds(2))
        }
        #expect(game == before)
        for rejection in [RockPaperScissorsRejection.gameOver, .notInRound, .roundRevealed, .alreadyChosen, .timeUp] {
            for word in Self.shapeWords {
                #expect(!rejection.description.lowercased().contains(word))
                #expect(!rejection.code.lowercased().contains(word))
            }
        }
    }

    @Test func onceEveryoneHasChosenAllChoicesAreRevealedToEveryone() throws {
        var game = try S.aliceChose(.rock)
        try game.apply(RockPaperScissorsMove(shape: .paper), from: S.bob.id, at: .seconds(2))
        try game.apply(RockPaperScissorsMove(shape: .paper), from: S.carol.id, at: .seconds(3))
        let expected: [Shape?] = [.rock, .paper, .paper]
        for viewer in S.viewers {
            let view = game.view(for: viewer, at: .seconds(3))
            #expect(view.phase == .reveal)
            #expect(view.last?.picks.map(\.shape) == expected)
            #expect(view.last?.picks.map(\.points) == [0, 1, 1])
            let text = RockPaperScissors.plainText(of: view, context: S.context(for: viewer))
            #expect(text.contains("Alice Rock +0, Bob Paper +1, Carol Paper +1"))
        }
    }

    @Test func whenTheTimerEndsTheChoicesMadeAreRevealed() throws {
        var game = try S.aliceChose(.scissors)
        game.advance(to: .seconds(15))
        for viewer in S.viewers {
            let view = game.view(for: viewer, at: .seconds(15))
            #expect(view.last?.picks.map(\.shape) == [.scissors, nil, nil])
            #expect(RockPaperScissors.plainText(of: view, context: S.context(for: viewer)).contains("Alice Scissors +2, Bob no choice +0"))
        }
    }

    @Test func hidingInformationChangesOnlyTheOthersPendingChoices() throws {
        var game = try S.aliceChose(.rock)
        try game.apply(RockPaperScissorsMove(shape: .rock), from: S.bob.id, at: .seconds(2))
        var random = SeededRandom(seed: 3)
        var changed = false
        for _ in 0..<20 {
            let hidden = game.hidingInformation(from: .seat(S.carol.id), using: &random)
            #expect(Set(hidden.choices.keys) == Set(game.choices.keys))
            changed = changed || hidden.choices != game.choices
            #expect(hidden.view(for: .seat(S.carol.id), at: .seconds(2)) == game.view(for: .seat(S.carol.id), at: .seconds(2)))
            let fromAlice = game.hidingInformation(from: .seat(S.alice.id), using: &random)
            #expect(fromAlice.choices[S.alice.id] == .rock, "Alice's own choice is not hidden from her")
        }
        #expect(changed, "the hidden choices are re-randomised")
    }
}
