import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing
import TwentyFour

/// The host encodes a view once: straight into its message when one viewer sees it, and once
/// more, to share, when a second viewer sees an equal one; the game's schedule is read once per
/// change of its state.
@Suite("Views encoded once per update")
struct EncodedViewsTests {
    struct Board: Codable, Hashable {
        var cells: [String]
        var you: Int?
    }

    @Test("a view only one viewer sees is not pre-encoded: its message encodes it, once")
    func distinctViewsAreNotShared() {
        var encoded = EncodedViews<Board>()
        #expect(encoded.json(for: Board(cells: ["..1"], you: 0)) == nil)
        #expect(encoded.json(for: Board(cells: ["..1"], you: 1)) == nil)
        #expect(encoded.json(for: Board(cells: ["..1"], you: nil)) == nil)
        #expect(encoded.sharedEncodings == 0)
    }

    @Test("the second viewer of an equal view makes the shared JSON, later ones reuse it")
    func equalViewsShareOneEncoding() throws {
        let spectator = Board(cells: ["1.0", "..1"], you: nil)
        var encoded = EncodedViews<Board>()
        #expect(encoded.json(for: Board(cells: ["1.0", "..1"], you: 0)) == nil)
        #expect(encoded.json(for: spectator) == nil)
        let shared = [encoded.json(for: spectator), encoded.json(for: spectator)]
        let second = try #require(shared[0]), third = try #require(shared[1])
        #expect(encoded.json(for: Board(cells: ["1.0", "..1"], you: 1)) == nil)
        #expect(encoded.sharedEncodings == 1)
        // Spliced into a message, the shared JSON gives the bytes of the view encoded in place.
        let codec = MessageCodec()
        let direct = try codec.encode(ViewMessage(game: 2, view: spectator, yourTurn: false, deadlineMs: nil), seq: 5)
        for json in [second, third] {
            #expect(try codec.encode(ViewMessage(game: 2, view: json, yourTurn: false, deadlineMs: nil), seq: 5) == direct)
        }
    }

    @Test("the schedule the table uses is the rules' own after every change: moves, time, leaving")
    func scheduleFollowsTheState() throws {
        let seats = [Seat(id: SeatID(0), name: "Ann"), Seat(id: SeatID(1), name: "Bob")]
        var timed = RulesGame<TwentyFour>(setup: GameSetup(seats: seats, seed: 3, now: .zero), number: 1)
        #expect(timed.schedule == timed.rules.schedule)
        var now = GameInstant.zero
        for _ in 0..<4 {
            let deadline = try #require(timed.deadline)
            #expect(deadline == timed.rules.schedule.deadline)
            now = deadline
            let advanced = timed.advance(to: now)
            #expect(advanced)
            #expect(timed.schedule == timed.rules.schedule)
            #expect(timed.deadline != deadline)
        }
        timed.leave(seat: 0, at: now)
        timed.join(seat: 2, name: "Cy", at: now)
        #expect(timed.schedule == timed.rules.schedule)

        var game = RulesGame<FourInARow>(setup: GameSetup(seats: seats, seed: 1), number: 1)
        #expect(game.schedule == Schedule(turn: .seat(SeatID(0))))
        guard case .played = game.play(FourInARowMove(column: 4), seat: SeatID(0), at: .zero) else {
            Issue.record("the first move was refused")
            return
        }
        #expect(game.schedule == Schedule(turn: .seat(SeatID(1))))
        guard case .rejected(let code, _) = game.play(FourInARowMove(column: 4), seat: SeatID(0), at: .zero) else {
            Issue.record("a second move by the same seat was taken")
            return
        }
        #expect(code == "notYourTurn")
        #expect(game.schedule == game.rules.schedule)
        game.leave(seat: 1, at: .zero)
        #expect(game.schedule == .idle && game.rules.outcome != nil)
    }
}
