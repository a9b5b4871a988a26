/// How a party server (`partyhost serve`) listens, and its limits.
public struct ServeOptions: Sendable {
    /// The listening address and port, the connection limits and every room's defaults
    /// (handshake and silence limits, queue limit, message rate, grace, spectators).
    public var host: HostOptions
    /// The most live rooms in all (`--max-rooms`).
    public var maxRooms = 1_000
    /// Rooms one address may start per hour.
    public var roomsPerAddressPerHour = 10
    /// A room with no human connected for this long closes and its code is freed (`--room-idle-minutes`).
    public var roomIdleMilliseconds: Int64 = 10 * 60_000
    /// How often rooms are looked at for idleness.
    public var idleSweepMilliseconds: Int64 = 15_000
    /// Proxies whose `X-Forwarded-For` names the real client (`--trusted-proxy`).
    public var trustedProxies: Set<String> = []
    /// The server's public origin (`https://party.example.org`, from `--public-url`), lower case,
    /// without a trailing slash; nil: pages are reached at the address the browser used.
    public var publicOrigin: String?
    /// Wrong room codes before an address is slowed down, and then refused.
    public var guesses = CodeGuesses()

    /// A server listening as `host` says, with the defaults above.
    public init(host: HostOptions) {
        self.host = host
    }
}
