import PartyClient
import PartyWire

/// Canned party-room messages for the room client's unit tests.
enum RoomSamples {
    static let menu = [
        RoomMenuEntry(id: "fourinarow", title: "Four in a Row", minPlayers: 2, maxPlayers: 2, playable: false,
                      requirement: "exactly 2 players", votes: 0),
        RoomMenuEntry(id: "twentyfour", title: "TwentyFour", minPlayers: 1, maxPlayers: 8, playable: true, requirement: "1–8 players", votes: 1),
        RoomMenuEntry(id: "snap", title: "Snap!", minPlayers: 2, maxPlayers: 4, playable: true, requirement: "2–4 players", votes: 1),
        RoomMenuEntry(id: "suntouch", title: "SunTouch", minPlayers: 2, maxPlayers: 6, playable: true, requirement: "2–6 players", votes: 0),
        RoomMenuEntry(id: "rockpaperscissors", title: "Rock Paper Scissors", minPlayers: 2, maxPlayers: 2, playable: false,
                      requirement: "exactly 2 players", votes: 0),
    ]

    static let scoreboard = [
        RoomScoreLine(place: 1, member: 1, name: "Bartholomew", points: 16, played: 2, wins: 1, present: true),
        RoomScoreLine(place: 2, member: 0, name: "Alice", points: 12, played: 2, wins: 1, present: true),
        // On the wire a bot's name is its name alone, its level a field (screens show "Ada · standard (bot)").
        RoomScoreLine(place: 3, member: 2, name: "Ada", points: 4, played: 2, wins: 0, present: true, bot: true, level: "standard"),
    ]

    static let last = RoomGameResult(number: 2, game: "fourinarow", title: "Four in a Row", placements: [
        RoomPlacement(member: 1, name: "Bartholomew", place: 1, score: nil, points: 10),
        RoomPlacement(member: 0, name: "Alice", place: 2, score: nil, points: 0),
    ])

    /// Game 3 being chosen by vote: Alice (member 0, us) voted Snap!, Bartholomew TwentyFour; Cy is awaited.
    static func choosing(countdownMs: Int64? = 27_000, you: Int? = 0) -> RoomMessage {
        RoomMessage(state: "choosing", choice: "vote", number: 3, menu: menu,
                    votes: [RoomVote(member: 0, name: "Alice", game: "snap"), RoomVote(member: 1, name: "Bartholomew", game: "twentyfour")],
                    waitingFor: ["Cy"], countdownMs: countdownMs, proposal: nil, current: nil,
                    message: "Vote for the next game: 2 of 3 have voted.", scoreboard: scoreboard, last: last, you: you)
    }

    /// Snap! picked, starting in 3 s: Alice and Bartholomew play, Cy watches.
    static func starting(you: Int? = 0) -> RoomMessage {
        var message = choosing(countdownMs: 3000, you: you)
        message.state = "starting"
        message.current = RoomGame(game: "snap", title: "Snap!", players: [0, 1], watchers: [2])
        message.message = "Snap! has the most votes (2)."
        message.waitingFor = []
        return message
    }

    /// Snap! on.
    static func playing(you: Int? = 0) -> RoomMessage {
        var message = starting(you: you)
        message.state = "playing"
        message.countdownMs = nil
        return message
    }

    static let welcome = Welcome(session: "s1", game: "party", title: "Party room", sessionName: "Alice's party", seat: 0,
                                 name: "Alice", players: [PlayerInfo(seat: 0, name: "Alice", ready: false, host: true, bot: false)],
                                 minPlayers: 1, maxPlayers: 8, token: "t", room: true)
}
