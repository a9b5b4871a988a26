import PartyWeb

/// How a session host listens and the limits it enforces.
public struct HostOptions: Sendable {
    /// The address to listen on: `::` (the default, `bothFamilies`) is every interface over IPv6
    /// and IPv4 (IPv4 alone where the system has no IPv6); `0.0.0.0` every interface over IPv4
    /// only; tests use `127.0.0.1`.
    public var bindAddress: String
    /// The `bindAddress` that listens on every interface over both IPv6 and IPv4.
    public static let bothFamilies = "::"
    /// The TCP port; 0 picks a free one.
    public var port: Int
    /// The session's name as advertised and shown ("Alice's Four in a Row").
    public var sessionName: String
    /// The seed of the session's randomness; nil for a random one.
    public var seed: UInt64?
    /// With no host player at the table (a dedicated host), a game starts once this many players
    /// are seated and all are ready; nil means the game's minimum.
    public var startAt: Int?
    /// Keeps seat 0 for the host's own player (who moves first in the first game) until they sit.
    public var reserveHostSeat: Bool
    /// Most simultaneous connections of any kind (players, spectators, those still handshaking, HTTP).
    public var maxConnections: Int
    /// A new connection must say hello within this many milliseconds.
    public var handshakeTimeoutMilliseconds: Int64
    /// A peer silent for this long is considered gone.
    public var peerTimeoutMilliseconds: Int64
    /// How often heartbeats are sent.
    public var heartbeatIntervalMilliseconds: Int64
    /// Most messages queued for one client before it is considered stuck and disconnected.
    public var outboundQueueLimit: Int
    /// How long a dropped player's seat is held for them to reconnect (0: not at all).
    public var graceMilliseconds: Int64
    /// Most spectators at once.
    public var maxSpectators: Int
    /// Whether a spectator may say `relay` (another node of a fleet relaying the room to its own
    /// watchers): only a fleet's rooms, whose server admits such hellos from its nodes alone.
    public var acceptsRelays = false
    /// The join code players must give; nil lets anyone on the network join.
    public var joinCode: String?
    /// Wrong codes from one address before it is refused for `codeLockoutSeconds`.
    public var codeAttempts: Int
    /// How long an address that guessed wrong too often is refused, in seconds.
    public var codeLockoutSeconds: Int64
    /// Messages per second a client may send on average.
    public var messagesPerSecond: Double
    /// How many messages a client may send in a burst above the average.
    public var messageBurst: Double
    /// The kernel's send buffer per connection in bytes (`SO_SNDBUF`), which bounds what a client
    /// that stops reading holds in the kernel before `outboundQueueLimit` counts; nil leaves the
    /// kernel's own sizing (on Linux up to `net.ipv4.tcp_wmem`'s maximum, 4 MiB by default).
    public var sendBufferBytes: Int? = nil
    /// Most simultaneous connections from one IP address, so that one device can never take them
    /// all (a value of `maxConnections` or more: no separate limit). Over it, as over
    /// `maxConnections`, an idle kept-alive HTTP connection of that address gives way, or the new
    /// connection is refused in its own language.
    public var maxConnectionsPerAddress: Int = 16
    /// New connections one IP address may open per second on average (nil: any number); beyond
    /// it (and `acceptBurst`) a connection is closed at once, unanswered.
    public var acceptsPerSecond: Double? = 20
    /// How many new connections one IP address may open at once above `acceptsPerSecond`.
    public var acceptBurst: Double = 40
    /// When the host ends, how long its clients have to take their last messages (`ended`)
    /// before their connections are closed anyway; other connections close at once.
    public var shutdownGraceMilliseconds: Int64 = 500
    /// Teams: when a game seats fewer players than are at the table, several people hold one seat
    /// together (balanced teams) instead of some watching. A locked session then seats up to
    /// `teamCapacity` players; a party room forms teams whenever a game has too few seats.
    public var teams = false
    /// A party room's bots vote too, and a room of bots plays by itself (for tests and benchmarks).
    public var botsVote = false
    /// Whether the host's role (the VIP) passes on when its holder leaves the room for good: to the
    /// longest-present human member, or, with none, to the next human who joins. Off on a LAN,
    /// where the host's own player leaving ends the party; a party server's rooms turn it on.
    public var vipHandsOver = false
    /// How long a team's proposals stay open after the first one before the most-proposed move
    /// is played.
    public var proposalMilliseconds: Int64 = 10_000
    /// How long the audience may predict the winner after a game starts (predictions close
    /// earlier, at the game's first move).
    public var predictionMilliseconds: Int64 = 20_000
    /// What a right prediction scores (on the party scoreboard, or a spectator's board).
    public var predictionPoints = 50
    /// The most players a session with `teams` seats (two teams of 64: a school hall), as far as
    /// `maxConnections` lets them in (its default, 64, is the usual bound).
    public static let teamCapacity = 128
    /// How long clients should keep trying to come back when the host process disappears, in
    /// seconds (the welcome's `restartWait`): the host keeps a journal and resumes after a crash.
    /// 0: the host keeps none, and clients give up as soon as nothing answers.
    public var restartWaitSeconds = 0
    /// The files served over HTTP (the page's, and `/games.json` when the executable adds it).
    public var webAssets: WebAssets = .builtIn

    /// Creates options with sane defaults.
    public init(
        bindAddress: String = HostOptions.bothFamilies, port: Int = 0, sessionName: String = "partyhost", seed: UInt64? = nil,
        startAt: Int? = nil, reserveHostSeat: Bool = false, maxConnections: Int = 64,
        handshakeTimeoutMilliseconds: Int64 = 5_000, peerTimeoutMilliseconds: Int64 = 10_000,
        heartbeatIntervalMilliseconds: Int64 = 3_000, outboundQueueLimit: Int = 512,
        graceMilliseconds: Int64 = 30_000, maxSpectators: Int = 16, joinCode: String? = nil,
        codeAttempts: Int = 5, codeLockoutSeconds: Int64 = 60,
        messagesPerSecond: Double = 20, messageBurst: Double = 40
    ) {
        self.graceMilliseconds = graceMilliseconds
        self.maxSpectators = maxSpectators
        self.joinCode = joinCode
        self.codeAttempts = codeAttempts
        self.codeLockoutSeconds = codeLockoutSeconds
        self.messagesPerSecond = messagesPerSecond
        self.messageBurst = messageBurst
        self.bindAddress = bindAddress
        self.port = port
        self.sessionName = sessionName
        self.seed = seed
        self.startAt = startAt
        self.reserveHostSeat = reserveHostSeat
        self.maxConnections = maxConnections
        self.handshakeTimeoutMilliseconds = handshakeTimeoutMilliseconds
        self.peerTimeoutMilliseconds = peerTimeoutMilliseconds
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.outboundQueueLimit = outboundQueueLimit
    }
}
