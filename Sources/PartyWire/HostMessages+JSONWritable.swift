import PartyKit

// The messages around every game (a lobby per player at its start, after each rematch request and
// at its end; the game's result) write themselves, member for member as `Encodable` writes them
// (`JSONWritableMessageTests` compares the bytes): with ~11 moves a game they were most of what
// the host still encoded through `Encodable` (docs/PERFORMANCE.md).

extension JSONOutput {
    /// Opens a message's body: `{"type":…,"seq":…` — its own members follow, then `endObject`.
    mutating func beginMessage(_ type: MessageType, seq: Int) {
        beginObject()
        key("type")
        string(type.rawValue)
        field("seq", seq)
    }

    /// Writes `"name":number`, or nothing for nil.
    mutating func field(_ name: StaticString, _ number: Int64?) {
        guard let number else { return }
        key(name)
        int(Int(number))
    }
}

extension Lobby {
    /// The lobby's body, as `Encodable` writes it.
    public func writeBody(seq: Int, to output: inout JSONOutput) -> Bool {
        output.beginMessage(Self.type, seq: seq)
        output.field("state", state)
        output.key("players")
        output.array(players)
        output.field("you", you)
        output.field("spectators", spectators)
        output.field("canStart", canStart)
        output.field("gamesPlayed", gamesPlayed)
        output.field("message", message)
        output.endObject()
        return true
    }
}

extension PlayerInfo: JSONWritable {
    /// The entry's JSON, as `Encodable` writes it.
    public func writeJSON(to output: inout JSONOutput) {
        output.beginObject()
        output.field("seat", seat)
        output.field("name", name)
        output.field("ready", ready)
        output.field("host", host)
        output.field("bot", bot)
        output.field("rematch", rematch)
        output.field("connected", connected)
        output.field("graceMs", graceMs)
        if let watching { output.field("watching", watching) }
        if let level { output.field("level", level) }
        if let team { output.field("team", team) }
        output.endObject()
    }
}

extension GameOver {
    /// The result's body, as `Encodable` writes it.
    public func writeBody(seq: Int, to output: inout JSONOutput) -> Bool {
        output.beginMessage(Self.type, seq: seq)
        output.field("game", game)
        output.key("winners")
        output.array(winners)
        output.field("reason", reason)
        output.field("summary", summary)
        if let standings {
            output.key("standings")
            output.array(standings)
        }
        output.endObject()
        return true
    }
}

extension StandingInfo: JSONWritable {
    /// The entry's JSON, as `Encodable` writes it.
    public func writeJSON(to output: inout JSONOutput) {
        output.beginObject()
        output.field("seat", seat)
        output.field("place", place)
        output.field("score", score)
        output.endObject()
    }
}
