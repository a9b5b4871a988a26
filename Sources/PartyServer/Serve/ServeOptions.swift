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
    /// The addresses of the fleet's other nodes (as this node sees their connections). A node
    /// carries a guest to the node holding the room, so a fleet peer's `X-Forwarded-For` names
    /// the guest, and a peer, like a trusted proxy, is held to no per-address limit. Kept apart
    /// from `trustedProxies` because the fleet's directory knows them, not the operator; and a
    /// request from a fleet peer is never carried again (one hop, no loops).
    public var fleetPeers: Set<String> = []
    /// The server's public origin (`https://party.example.org`, from `--public-url`), lower case,
    /// without a trailing slash; nil: pages are reached at the address the browser used.
    public var publicOrigin: String?
    /// Wrong room codes before an address is slowed down, and then refused.
    public var guesses = CodeGuesses()

    /// Whether a connection from `address` forwards its client's address (a trusted proxy or a fleet peer).
    public func believesForwarding(from address: String) -> Bool {
        trustedProxies.contains(address) || fleetPeers.contains(address)
    }

    /// A server listening as `host` says, with the defaults above.
    public init(host: HostOptions) {
        self.host = host
    }
}
