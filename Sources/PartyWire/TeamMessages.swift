/// The receiving player's team: who holds their seat with them and what each has proposed. Sent
/// to the members of a team of two or more whose `hello.features` contains `teams`, when the game
/// starts and whenever the team or its proposals change.
public struct TeamMessage: WireMessage, Hashable {
    public static let type = MessageType.team
    /// The game number (as in `view`).
    public var game: Int
    /// The seat the team holds.
    public var seat: Int
    /// The team's name (`Team Ann & Bob`), the name the game shows for the seat.
    public var name: String
    /// Everyone in the team, in seat order of the table.
    public var members: [TeamMember]
    /// The proposals for the seat's next move, earliest first (empty when there are none).
    public var proposals: [TeamProposal]
    /// Milliseconds until the proposal window ends and the most-proposed move is played; absent
    /// while nobody has proposed.
    public var windowMs: Int64?
    /// How many agreeing proposals play a move at once: a majority of the connected members.
    public var majority: Int
    /// How the game's moves are played by the team now; absent from older hosts (`proposed`).
    public var moves: TeamMoves?

    /// Creates a team message.
    public init(game: Int, seat: Int, name: String, members: [TeamMember], proposals: [TeamProposal], windowMs: Int64?, majority: Int,
                moves: TeamMoves? = nil) {
        self.moves = moves
        self.game = game
        self.seat = seat
        self.name = name
        self.members = members
        self.proposals = proposals
        self.windowMs = windowMs
        self.majority = majority
    }
}

/// How a team's moves are played in the game on.
public enum TeamMoves: String, Codable, Hashable, Sendable {
    /// A move is a proposal; `majority` agreeing proposals (or the proposal window's end) play it
    /// (turns without interrupts: Four in a Row, Rock Paper Scissors, Snap's deal).
    case proposed
    /// Every member's move is played at once, as a player's would be (real time, rounds everyone
    /// plays, interrupts: SunTouch, TwentyFour, Snap's turns and snaps).
    case direct
}

/// One member of a team, as the team sees them.
public struct TeamMember: Codable, Hashable, Sendable {
    /// The member's name.
    public var name: String
    /// False while the host holds the member's place for a dropped connection.
    public var connected: Bool

    /// Creates a team member entry.
    public init(name: String, connected: Bool) {
        self.name = name
        self.connected = connected
    }
}

/// One member's proposal for the team's next move.
public struct TeamProposal: Codable, Hashable, Sendable {
    /// Who proposed it.
    public var name: String
    /// The move for people (`Drop in column 4`), as the game labels it.
    public var label: String
    /// How many members propose this same move now (this proposal included).
    public var votes: Int

    /// Creates a proposal entry.
    public init(name: String, label: String, votes: Int) {
        self.name = name
        self.label = label
        self.votes = votes
    }
}

extension TeamMessage {
    /// The team's status line for people: `Team Ann & Bob — proposals: Drop in column 4 (Ann),
    /// Drop in column 4 (Bob) · 7 s`, or `Team Ann & Bob — 2 agreeing proposals play a move`
    /// while none is open, or `Team Ann & Bob — any member's move plays at once` where moves are
    /// not proposals. Web/dom.js `teamLine` writes the same (TeamLineJSTests).
    public var line: String {
        guard !proposals.isEmpty else {
            if moves == .direct { return "\(name) — any member's move plays at once" }
            return "\(name) — \(majority) agreeing proposal\(majority == 1 ? "" : "s") play\(majority == 1 ? "s" : "") a move"
        }
        let list = proposals.map { "\($0.label) (\($0.name))" }.joined(separator: ", ")
        return "\(name) — proposals: \(list)" + (windowMs.map { " · \(PlayerLabel.seconds($0)) s" } ?? "")
    }
}
