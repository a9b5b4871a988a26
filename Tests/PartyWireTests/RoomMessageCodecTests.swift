import Testing
import PartyWire

/// The party room's messages (protocol 2) survive a round trip, and leave out what is absent.
@Suite("Room messages round trips")
struct RoomMessageCodecTests {
    @Test("vote carries the game id")
    func vote() throws {
        let (decoded, object) = try roundTrip(Vote(game: "snap"))
        #expect(decoded == Vote(game: "snap"))
        #expect(object["type"] as? String == "vote")
        #expect(object["game"] as? String == "snap")
    }

    @Test("room, while choosing and while playing")
    func room() throws {
        let menu = [RoomMenuEntry(id: "fourinarow", title: "Four in a Row", minPlayers: 2, maxPlayers: 2, playable: true,
                                  requirement: "exactly 2 players", votes: 1)]
        let board = [RoomScoreLine(place: 1, member: 0, name: "Ann", points: 100, played: 1, wins: 1, present: true)]
        let choosing = RoomMessage(state: "choosing", choice: "vote", number: 2, menu: menu,
                                   votes: [RoomVote(member: 0, name: "Ann", game: "fourinarow")], waitingFor: ["Bob"],
                                   countdownMs: 12_000, proposal: nil, current: nil, message: "Vote for the next game: 1 of 2 have voted.",
                                   scoreboard: board, last: RoomGameResult(number: 1, game: "snap", title: "Snap!", placements: [
                                       RoomPlacement(member: 0, name: "Ann", place: 1, score: 52, points: 100)]), you: 0)
        let (decoded, object) = try roundTrip(choosing)
        #expect(decoded == choosing)
        #expect(object["type"] as? String == "room")
        #expect(object["current"] == nil && object["proposal"] == nil)
        var playing = choosing
        playing.state = "playing"
        playing.countdownMs = nil
        playing.current = RoomGame(game: "fourinarow", title: "Four in a Row", players: [0, 1], watchers: [2])
        playing.you = nil
        let (decodedPlaying, playingObject) = try roundTrip(playing)
        #expect(decodedPlaying == playing)
        #expect(playingObject["countdownMs"] == nil && playingObject["you"] == nil)
    }

    @Test("gameOver's standings and ended's scoreboard are optional")
    func optionalFields() throws {
        let over = GameOver(game: 1, winners: [0], reason: "won", summary: "Ann wins",
                            standings: [StandingInfo(seat: 0, place: 1, score: nil), StandingInfo(seat: 1, place: 2, score: nil)])
        let (decoded, object) = try roundTrip(over)
        #expect(decoded == over)
        #expect((object["standings"] as? [[String: Any]])?.first?["score"] == nil)
        let (_, plain) = try roundTrip(Ended(reason: "hostQuit", message: "Bye."))
        #expect(plain["scoreboard"] == nil)
    }
}
