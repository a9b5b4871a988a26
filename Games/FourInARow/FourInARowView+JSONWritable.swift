import PartyKit

extension FourInARowView: JSONWritable {
    /// The view's JSON, member for member what `Encodable` writes (the host sends one per seat per move).
    public func writeJSON(to output: inout JSONOutput) {
        output.beginObject()
        output.key("board")
        output.array(board)
        output.key("players")
        output.array(players)
        output.field("turn", turn)
        output.field("you", you)
        output.field("last", last)
        output.field("moves", moves)
        output.key("winning")
        output.array(winning)
        output.field("winner", winner)
        output.field("outcome", outcome)
        output.endObject()
    }
}

extension FourInARowCell: JSONWritable {
    /// `{"column":c,"row":r}`, as `Encodable` writes it.
    public func writeJSON(to output: inout JSONOutput) {
        output.beginObject()
        output.field("column", column)
        output.field("row", row)
        output.endObject()
    }
}
