/// Who a view is drawn for: a seated player, or a spectator who may see only public information.
public enum Viewer: Hashable, Codable, Sendable {
    /// The player in this seat.
    case seat(SeatID)
    /// Someone watching, who is never shown hidden information.
    case spectator

    /// The seat, if the viewer is a player.
    public var seat: SeatID? {
        if case .seat(let id) = self { return id }
        return nil
    }
}
