import PartyClient
import PartyKit
import PartyWire
import Testing

/// The client's party-room state (issue 18): the countdown runs locally, changes are told apart,
/// votes are read from names and numbers, the final scoreboard comes with `ended`.
@Suite struct RoomStateTests {
    @Test("the countdown counts down locally from countdownMs, rounded up to whole seconds, and stops at 0")
    func countdown() {
        var room = RoomState()
        let start = ContinuousClock.now
        room.apply(RoomSamples.choosing(countdownMs: 27_000), at: start)
        #expect(room.countdownMilliseconds(at: start) == 27_000)
        #expect(room.countdownMilliseconds(at: start + .milliseconds(1500)) == 25_500)
        #expect(room.countdownSeconds(at: start + .milliseconds(1500)) == 26)
        #expect(room.countdownSeconds(at: start + .seconds(40)) == 0)
        room.apply(RoomSamples.choosing(countdownMs: nil), at: start)
        #expect(room.countdownMilliseconds(at: start) == nil)
    }

    @Test("a message that only moves the countdown is .countdown; votes are .updated; a pick is .state")
    func changes() {
        var room = RoomState()
        let now = ContinuousClock.now
        #expect(room.apply(RoomSamples.choosing(countdownMs: 27_000), at: now) == .state)
        #expect(room.apply(RoomSamples.choosing(countdownMs: 26_000), at: now) == .countdown)
        var voted = RoomSamples.choosing(countdownMs: 25_000)
        voted.votes.append(RoomVote(member: 2, name: "Cy", game: "snap"))
        #expect(room.apply(voted, at: now) == .updated)
        #expect(room.apply(RoomSamples.starting(), at: now) == .state)
        #expect(room.current?.game == "snap")
        #expect(room.playsCurrentGame)
        #expect(room.apply(RoomSamples.playing(), at: now) == .state)
    }

    @Test("our vote, the voters of a game, titles, and who watches")
    func votes() {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        #expect(room.myVote == "snap")
        #expect(room.voters(for: "twentyfour") == ["Bartholomew"])
        #expect(room.title(of: "rockpaperscissors") == "Rock Paper Scissors")
        #expect(room.current == nil, "nothing is current while choosing")
        room.apply(RoomSamples.starting(you: 2), at: .now)
        #expect(!room.playsCurrentGame, "member 2 watches Snap!")
    }

    @Test("vote names: a number, an id, a title with punctuation aside, a unique start", arguments: [
        ("2", "twentyfour"), ("snap", "snap"), ("Snap!", "snap"), ("four in a row", "fourinarow"), ("FOUR", "fourinarow"),
        ("tw", "twentyfour"), ("rock paper", "rockpaperscissors"), ("5", "rockpaperscissors"),
    ])
    func voteNames(typed: String, id: String) throws {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        #expect(try room.entry(named: typed).get().id == id)
    }

    @Test("bad vote names say what may be typed", arguments: [
        ("9", "There is no game 9 on the menu: type a number from 1 to 5"), ("chess", "There is no game \"chess\" on the menu"),
        ("s", "\"s\" could be Snap! or SunTouch"), ("", "Say which game"),
    ])
    func badVoteNames(typed: String, message: String) {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        guard case .failure(let error) = room.entry(named: typed) else {
            Issue.record("\"\(typed)\" was taken")
            return
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("ended brings the final scoreboard, which replaces the room's")
    func finalScoreboard() {
        var room = RoomState()
        room.apply(RoomSamples.choosing(), at: .now)
        let final = [RoomScoreLine(place: 1, member: 0, name: "Alice", points: 30, played: 3, wins: 2, present: true)]
        room.apply(.ended(Ended(reason: "hostQuit", message: "The host ended the session.", scoreboard: final)))
        #expect(room.scoreboard == final)
        #expect(room.finalScoreboard == final)
    }

    @Test("a room member who sits a game out (watching: true) is a spectator of it: no seat for the presenter")
    func watcherSpectates() {
        var table = TableState<JSONValue>(welcome: RoomSamples.welcome)
        let players = [PlayerInfo(seat: 0, name: "Bob", ready: true, host: false, bot: false),
                       PlayerInfo(seat: 1, name: "Cy", ready: true, host: false, bot: false),
                       PlayerInfo(seat: 2, name: "Alice", ready: true, host: true, bot: false, watching: true)]
        _ = table.apply(.lobby(Lobby(state: "playing", players: players, you: 2, canStart: false, gamesPlayed: 1, message: "")))
        #expect(table.spectating)
        #expect(table.viewerSeat == nil)
        _ = table.apply(.lobby(Lobby(state: "lobby", players: players.map { var p = $0; p.watching = nil; return p }, you: 2,
                                     canStart: false, gamesPlayed: 1, message: "")))
        #expect(!table.spectating)
    }
}
