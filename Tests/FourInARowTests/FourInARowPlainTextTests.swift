import PartyKit
import PartyTestSupport
import Testing
@testable import FourInARow

/// The plain text and the move menu a client without Four in a Row's presenter gets.
@Suite("Four in a Row without a presenter")
struct FourInARowPlainTextTests {
    static let alice = SamplePositions.alice
    static let bob = SamplePositions.bob
    static let names = [alice.id: alice.name, bob.id: bob.name]

    /// A game after dropping discs into `columns` in turn, Alice (red, X) first.
    static func game(_ columns: [Int], alice: Seat = alice, bob: Seat = bob) throws -> FourInARow {
        var game = FourInARow(setup: GameSetup(seats: [alice, bob], seed: 1))
        for (index, column) in columns.enumerated() {
            try game.apply(FourInARowMove(column: column), from: index % 2 == 0 ? alice.id : bob.id, at: .zero)
        }
        return game
    }

    /// The text of `game` for `viewer`, as the host sends it.
    static func text(_ game: FourInARow, for viewer: Viewer) -> String {
        let context = PresenterContext(seat: viewer.seat, names: names, color: false)
        return FourInARow.plainText(of: game.view(for: viewer, at: .zero), context: context)
    }

    @Test("an empty board, seen by the player to move")
    func emptyBoard() throws {
        let text = Self.text(try Self.game([]), for: .seat(Self.alice.id))
        #expect(text == """
            Four in a Row, 0 moves played.
            X: Alice (you). O: Bob.
            Your turn.

              1 2 3 4 5 6 7
              . . . . . . .
              . . . . . . .
              . . . . . . .
              . . . . . . .
              . . . . . . .
              . . . . . . .
              1 2 3 4 5 6 7
            """)
    }

    @Test("discs, the last column and whose turn, for the waiting player and a spectator")
    func discsAndTurn() throws {
        let game = try Self.game([4, 4, 3])
        let bob = Self.text(game, for: .seat(Self.bob.id)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(bob[0] == "Four in a Row, 3 moves played. Last disc in column 3.")
        #expect(bob[1] == "X: Alice. O: Bob (you).")
        #expect(bob[2] == "Your turn.")
        #expect(bob[9] == "  . . . O . . .")
        #expect(bob[10] == "  . . X X . . .")
        let alice = Self.text(game, for: .seat(Self.alice.id)).split(separator: "\n")
        #expect(alice[2] == "Waiting for Bob.")
        let spectator = Self.text(game, for: .spectator).split(separator: "\n")
        #expect(spectator[1] == "X: Alice. O: Bob.")
        #expect(spectator[2] == "Bob to move.")
    }

    @Test("a won game names the winner and the four, and offers no move")
    func wonGame() throws {
        let game = try Self.game([1, 1, 2, 2, 3, 3, 4])
        let lines = Self.text(game, for: .seat(Self.bob.id)).split(separator: "\n")
        #expect(lines[2] == "Game over: Alice wins with four in a row.")
        #expect(lines[3] == "The four: (1,1) (2,1) (3,1) (4,1).")
        let view = game.view(for: .seat(Self.bob.id), at: .zero)
        #expect(FourInARow.labelledMoves(in: view, for: Self.bob.id).isEmpty)
        #expect(FourInARow.labelledMoves(in: game.view(for: .seat(Self.alice.id), at: .zero), for: Self.alice.id).isEmpty)
    }

    @Test("the player to move gets every column but the full one, and each is accepted")
    func fullColumnIsNotOffered() throws {
        let game = try Self.game([4, 4, 4, 4, 4, 4])
        let view = game.view(for: .seat(Self.alice.id), at: .zero)
        let menu = FourInARow.labelledMoves(in: view, for: Self.alice.id)
        #expect(menu.map(\.label) == [1, 2, 3, 5, 6, 7].map { "Drop in column \($0)" })
        #expect(menu.map(\.move.column) == [1, 2, 3, 5, 6, 7])
        for entry in menu {
            var copy = game
            #expect(throws: Never.self) { try copy.apply(entry.move, from: Self.alice.id, at: .zero) }
        }
        #expect(Self.text(game, for: .seat(Self.alice.id)).hasSuffix("\nFull: column 4."))
    }

    @Test("the waiting player and a spectator get no menu")
    func noMenuOutOfTurn() throws {
        let game = try Self.game([4])
        #expect(FourInARow.labelledMoves(in: game.view(for: .seat(Self.alice.id), at: .zero), for: Self.alice.id).isEmpty)
        #expect(FourInARow.labelledMoves(in: game.view(for: .spectator, at: .zero), for: Self.bob.id).isEmpty)
        #expect(FourInARow.labelledMoves(in: game.view(for: .seat(Self.bob.id), at: .zero), for: Self.bob.id).count == 7)
    }

    @Test("long names are wrapped within 72 columns")
    func longNamesWrap() throws {
        let long = String(repeating: "Bartholomew ", count: 6).trimmingWhitespace()
        let game = try Self.game([4], alice: Seat(id: Self.alice.id, name: long), bob: Seat(id: Self.bob.id, name: long))
        let context = PresenterContext(seat: Self.alice.id, names: [Self.alice.id: long, Self.bob.id: long], color: false)
        let text = FourInARow.plainText(of: game.view(for: .seat(Self.alice.id), at: .zero), context: context)
        #expect(GameConformance.textProblems(text) == [])
        #expect(text.contains("Waiting for Bartholomew"))
    }
}
