/// A directory of two nodes without a database: every code this node does not hold is at one
/// other node (`partyhost serve --carry-to`, for benchmarks and tests). That node answers `404`
/// for a code it does not hold either, as a node alone would.
public struct FixedRoomDirectory: RoomDirectory {
    /// Where every other room is.
    public let place: RoomPlace

    /// A directory that names `place` for every code.
    public init(place: RoomPlace) {
        self.place = place
    }

    public func locate(code: String) -> RoomPlace? { place }
}
