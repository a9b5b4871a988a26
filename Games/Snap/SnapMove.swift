/// A move in Snap!.
public enum SnapMove: Hashable, Codable, Sendable {
    /// The sender has seen the deal (only while dealing).
    case confirmDeal
    /// The active player turns the top card of their closed pile onto their open pile.
    case turn
    /// Calls snap on the table the caller saw: `seen` is the view's `table` number.
    ///
    /// The call is judged against that table, not a newer one the caller could not have seen:
    /// correct when the table has shown a match continuously since `seen`, "too late" when `seen`
    /// showed a match that has since been won or covered (no cost), wrong when `seen` showed none.
    case snap(seen: Int)
}
