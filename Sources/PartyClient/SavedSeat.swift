/// A seat this client held in a session, as kept on disk so that a restarted client can ask for it
/// back (see `SeatMemory`).
///
/// Which session: the host's session id from the welcome, reached at `address` (`HOST:PORT` as
/// joined) or, when chosen from the session list, under its advertised `instance` name (mDNS keeps
/// that unique on the network, and it survives the host's address changing). A saved seat is only
/// offered again for the same player name.
public struct SavedSeat: Codable, Hashable, Sendable {
    /// The host's random session id (`Welcome.session`).
    public var session: String
    /// The session's name as the host gave it.
    public var sessionName: String
    /// The address joined, `HOST:PORT`.
    public var address: String
    /// The advertised instance name, when the session was chosen from the list.
    public var instance: String?
    /// The name the player asked for (`Hello.name`).
    public var name: String
    /// The name the host seated them under.
    public var seatName: String
    /// The newest reconnect token (each works once; every welcome brings a new one).
    public var token: String

    /// Creates a saved seat.
    public init(session: String, sessionName: String, address: String, instance: String?, name: String,
                seatName: String, token: String) {
        self.session = session
        self.sessionName = sessionName
        self.address = address
        self.instance = instance
        self.name = name
        self.seatName = seatName
        self.token = token
    }

    /// Whether this seat belongs to the session at `address` / `instance`, for the player `name`.
    public func matches(address: String, instance: String?, name: String) -> Bool {
        guard self.name == name else { return false }
        if self.address == address { return true }
        if let instance, let mine = self.instance { return instance == mine }
        return false
    }
}
