import PartyKit
@testable import PartyServer
import Testing

@Suite("The party room as a state machine")
struct PartyRoomTests {
    static let fourInARow = GameDescriptor(id: "fourinarow", title: "Four in a Row", minPlayers: 2, maxPlayers: 2, joinInProgress: false, summary: "", howToPlay: "")
    static let snap = GameDescriptor(id: "snap", title: "Snap!", minPlayers: 2, maxPlayers: 4, joinInProgress: false, summary: "", howToPlay: "")
    static let twentyFour = GameDescriptor(id: "twentyfour", title: "TwentyFour", minPlayers: 1, maxPlayers: 16, joinInProgress: true, summary: "", howToPlay: "")
    static let menu = [fourInARow, snap, twentyFour]
    static let names = ["Ann", "Bob", "Cy", "Dee", "Eve"]

    /// A room with `humans` people (ids 0…) and `bots` bots after them.
    static func room(_ choice: RoomChoice = .vote(countdownSeconds: 15), humans: Int = 3, bots: Int = 0, hostPlays: Bool = false) -> PartyRoom {
        var room = PartyRoom(menu: menu, choice: choice, seed: 7)
        for id in 0..<humans { room.join(RoomMember(id: id, name: names[id], isHost: hostPlays && id == 0)) }
        for id in humans..<(humans + bots) { room.join(RoomMember(id: id, name: "Bot \(id)", isBot: true)) }
        return room
    }

    static func at(_ seconds: Double) -> GameInstant { .seconds(seconds) }

    /// Plays the planned game to the end with `places` (member → place).
    static func finish(_ room: inout PartyRoom, places: [Int: Int]) {
        room.gameStarted()
        let standings = places.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { Standing(seat: SeatID($0.key), place: $0.value) }
        room.gameEnded(standings: standings)
    }

    @Test("the menu says what each game needs; too few people make a game unplayable, too many do not")
    func menuMarks() throws {
        #expect(PartyRoom.requirement(Self.fourInARow) == "exactly 2 players")
        #expect(PartyRoom.requirement(Self.snap) == "2–4 players")
        var room = Self.room(humans: 1)
        #expect(!room.playable(Self.snap) && room.playable(Self.twentyFour))
        #expect(throws: RoomRejection.notPlayable(title: "Four in a Row", requirement: "exactly 2 players")) {
            try room.vote(0, for: "fourinarow", at: Self.at(1))
        }
        #expect(RoomRejection.notPlayable(title: "Four in a Row", requirement: "exactly 2 players").description
                == "Four in a Row needs exactly 2 players.")
        #expect(throws: RoomRejection.unknownGame("chess")) { try room.vote(0, for: "chess", at: Self.at(1)) }
        room = Self.room(humans: 5)
        #expect(room.playable(Self.fourInARow))
    }

    @Test("when every human has voted the most votes win at once; bots neither vote nor wait")
    func everyoneVoted() throws {
        var room = Self.room(humans: 3, bots: 1)
        try room.vote(0, for: "snap", at: Self.at(1))
        try room.vote(1, for: "twentyfour", at: Self.at(2))
        #expect(room.plan == nil)
        #expect(room.deadline == Self.at(16), "the countdown started with the first vote")
        try room.vote(2, for: "snap", at: Self.at(3))
        let plan = try #require(room.plan)
        #expect(plan.game == "snap" && plan.players == [0, 1, 2, 3] && plan.watchers.isEmpty)
        #expect(plan.announcement == "Snap! has the most votes (2).")
        #expect(throws: RoomRejection.notChoosing) { try room.vote(0, for: "twentyfour", at: Self.at(4)) }
        #expect(throws: RoomRejection.notAPlayer) {
            var other = Self.room(humans: 2, bots: 1)
            try other.vote(2, for: "snap", at: Self.at(1))
        }
    }

    @Test("with botsVote (tests, benchmarks) a room of bots votes and picks by itself; a person's vote still waits for the others")
    func botsVote() throws {
        var bots = Self.room(humans: 0, bots: 2)
        bots.botsVote = true
        try bots.vote(0, for: "fourinarow", at: Self.at(1))
        #expect(bots.plan == nil, "one of two voted")
        try bots.vote(1, for: "fourinarow", at: Self.at(2))
        #expect(bots.plan?.game == "fourinarow" && bots.plan?.players == [0, 1])
        var mixed = Self.room(humans: 1, bots: 1)
        mixed.botsVote = true
        try mixed.vote(0, for: "fourinarow", at: Self.at(1))
        #expect(mixed.plan == nil, "the bot is a voter too")
    }

    @Test("the countdown ends the vote: not a moment before")
    func countdown() throws {
        var room = Self.room()
        try room.vote(1, for: "twentyfour", at: Self.at(10))
        room.advance(to: Self.at(24.999))
        #expect(room.plan == nil)
        room.advance(to: Self.at(25))
        #expect(room.plan?.game == "twentyfour")
    }

    @Test("a tie goes to the game played least, then longest ago, then by lot, and the room says which")
    func ties() throws {
        var room = Self.room(humans: 2)
        // Snap was played once before: TwentyFour, never played, wins the tie.
        try room.vote(0, for: "snap", at: Self.at(0))
        try room.vote(1, for: "snap", at: Self.at(0))
        Self.finish(&room, places: [0: 1, 1: 2])
        try room.vote(0, for: "snap", at: Self.at(1))
        try room.vote(1, for: "twentyfour", at: Self.at(1))
        #expect(room.plan?.game == "twentyfour")
        #expect(room.plan?.announcement == "Tie between Snap! and TwentyFour: TwentyFour was played least.")
        Self.finish(&room, places: [0: 1, 1: 1])
        // Both played once: Snap, played longer ago, wins.
        try room.vote(0, for: "snap", at: Self.at(2))
        try room.vote(1, for: "twentyfour", at: Self.at(2))
        #expect(room.plan?.announcement == "Tie between Snap! and TwentyFour: Snap! was played longest ago.")
        // Never played either: drawn by lot, the same way for the same seed.
        var fresh = Self.room(humans: 2)
        try fresh.vote(0, for: "fourinarow", at: Self.at(0))
        try fresh.vote(1, for: "snap", at: Self.at(0))
        let drawn = try #require(fresh.plan)
        #expect(drawn.announcement.hasSuffix("was drawn by lot."))
        var again = Self.room(humans: 2)
        try again.vote(0, for: "fourinarow", at: Self.at(0))
        try again.vote(1, for: "snap", at: Self.at(0))
        #expect(again.plan == drawn)
    }

    @Test("a game that seats fewer than are present: humans first, who played least, who played longest ago, who voted for it first")
    func choosingPlayers() throws {
        var room = Self.room(humans: 4, bots: 1)
        // Cy and Dee voted for Four in a Row first; nobody has played yet.
        try room.vote(2, for: "fourinarow", at: Self.at(0))
        try room.vote(3, for: "fourinarow", at: Self.at(0))
        try room.vote(0, for: "fourinarow", at: Self.at(0))
        try room.vote(1, for: "snap", at: Self.at(0))
        let plan = try #require(room.plan)
        #expect(plan.players == [2, 3] && plan.watchers == [0, 1, 4])
        #expect(plan.announcement == "Four in a Row has the most votes (3). Four in a Row seats 2: Cy and Dee play (who played least first); Ann, Bob and Bot 4 watch.")
        Self.finish(&room, places: [2: 1, 3: 2])
        // Next time Ann and Bob, who have not played, take the seats whatever the vote order.
        for id in [2, 3, 0, 1] { try room.vote(id, for: "fourinarow", at: Self.at(5)) }
        #expect(room.plan?.players == [0, 1])
    }

    @Test("with the host choosing, only the host's player decides, at once")
    func hostChooses() throws {
        var room = Self.room(.host, humans: 3, hostPlays: true)
        #expect(throws: RoomRejection.hostChooses) { try room.vote(1, for: "snap", at: Self.at(0)) }
        try room.vote(0, for: "twentyfour", at: Self.at(0))
        #expect(room.plan?.game == "twentyfour" && room.plan?.announcement == "The host chose TwentyFour.")
    }

    @Test("a playlist proposes its games in order, skips one the people present cannot play, and is confirmed by voting for it")
    func playlist() throws {
        var room = Self.room(.playlist(["snap", "fourinarow", "twentyfour"]), humans: 1)
        // One person: Snap and Four in a Row need two, so TwentyFour is proposed.
        #expect(room.proposal == "twentyfour")
        room.join(RoomMember(id: 1, name: "Bob"))
        #expect(room.proposal == "snap")
        #expect(throws: RoomRejection.playlist) { try room.vote(0, for: "twentyfour", at: Self.at(0)) }
        try room.vote(0, for: "snap", at: Self.at(0))
        try room.vote(1, for: "snap", at: Self.at(0))
        #expect(room.plan?.announcement == "Next on the playlist: Snap!.")
        Self.finish(&room, places: [1: 1, 0: 2])
        #expect(room.proposal == "fourinarow")
    }

    @Test("points scale with the number of players: first 100, last 0, tied players share their ranks")
    func scoring() {
        func points(_ places: [Int]) -> [Int] {
            let standings = places.enumerated().map { Standing(seat: SeatID($0.offset), place: $0.element) }
            let table = PartyScoring.points(for: standings)
            return standings.map { table[$0.seat] ?? -1 }
        }
        #expect(points([1, 2]) == [100, 0])
        #expect(points([1, 1]) == [50, 50])
        #expect(points([1, 1, 3]) == [75, 75, 0])
        #expect(points([1, 2, 2]) == [100, 25, 25])
        #expect(points([1, 2, 3, 4, 5, 6, 7, 8]) == [100, 86, 71, 57, 43, 29, 14, 0])
        #expect(points([1]) == [0], "alone, there is nobody to beat")
    }

    @Test("the scoreboard adds every game's points, keeps those who left, and ranks by points, wins, games, name; a draw is nobody's win")
    func scoreboard() throws {
        var room = Self.room(humans: 3)
        for id in 0..<3 { try room.vote(id, for: "snap", at: Self.at(0)) }
        Self.finish(&room, places: [1: 1, 0: 2, 2: 3])
        for id in 0..<3 { try room.vote(id, for: "twentyfour", at: Self.at(1)) }
        Self.finish(&room, places: [0: 1, 1: 1, 2: 3])
        room.leave(2, at: Self.at(2))
        #expect(room.results.map(\.number) == [1, 2])
        #expect(room.results[1].placements.map(\.points) == [75, 75, 0])
        let board = room.standings
        #expect(board.map(\.name) == ["Bob", "Ann", "Cy"])
        #expect(board.map(\.points) == [175, 125, 0])
        #expect(board.map(\.wins) == [2, 1, 0])
        #expect(board.map(\.played) == [2, 2, 2])
        #expect(room.members.map(\.id) == [0, 1])
        // A draw (everyone first) shares the points and is nobody's win.
        for id in 0..<2 { try room.vote(id, for: "snap", at: Self.at(3)) }
        Self.finish(&room, places: [0: 1, 1: 1])
        #expect(room.results[2].placements.map(\.points) == [50, 50])
        #expect(room.standings.map(\.wins) == [2, 1, 0])
        #expect(room.standings.map(\.played) == [3, 3, 2])
    }

    @Test("someone leaving while a game is picked is left out of it; too few left and the pick is dropped")
    func leavingAfterThePick() throws {
        var room = Self.room(humans: 3)
        for id in 0..<3 { try room.vote(id, for: "snap", at: Self.at(0)) }
        room.leave(2, at: Self.at(1))
        #expect(room.plan?.players == [0, 1])
        room.leave(1, at: Self.at(2))
        #expect(room.plan == nil)
        #expect(!room.isPlaying)
    }

    @Test("someone arriving while a game is picked plays it when it has a free seat, and watches it otherwise")
    func arrivingAfterThePick() throws {
        var room = Self.room(humans: 2)
        for id in 0..<2 { try room.vote(id, for: "snap", at: Self.at(0)) }
        room.join(RoomMember(id: 2, name: "Cy"))
        #expect(room.plan?.players == [0, 1, 2])
        var full = Self.room(humans: 2)
        for id in 0..<2 { try full.vote(id, for: "fourinarow", at: Self.at(0)) }
        full.join(RoomMember(id: 2, name: "Cy"))
        #expect(full.plan?.players == [0, 1])
        #expect(full.plan?.watchers == [2])
    }

    @Test("a plan made again after someone left says who watches once")
    func announcementAfterALeave() throws {
        var room = Self.room(humans: 4)
        for id in 0..<4 { try room.vote(id, for: "fourinarow", at: Self.at(0)) }
        room.leave(3, at: Self.at(1))
        #expect(room.plan?.announcement == "Four in a Row has the most votes (4). Four in a Row seats 2: Ann and Bob play (who played least first); Cy watches.")
    }
}
