import PartyBuildInfo

/// Constants of the wire protocol, shared by host and client.
public enum WireProtocol {
    /// The newest protocol version this build speaks: 2 (version 1 plus the party room's
    /// `vote` and `room` messages).
    public static let version = 2
    /// The oldest version a host still accepts (a session locked to one game plays it as before;
    /// a party room needs version 2).
    public static let oldestVersion = 1
    /// The largest frame body (the JSON object) either side accepts, in bytes.
    public static let maxFrameLength = 64 * 1024
    /// How often each side sends a heartbeat while connected, in milliseconds.
    public static let heartbeatIntervalMilliseconds: Int64 = 3_000
    /// How long a peer may stay silent before it is considered gone, in milliseconds.
    public static let peerTimeoutMilliseconds: Int64 = 10_000
    /// How long a new connection has to send `hello`, in milliseconds.
    public static let handshakeTimeoutMilliseconds: Int64 = 5_000
    /// This build's version (`0.1.0+354.g3d9d0c5`), reported in `hello` and by `--version`: what
    /// `git describe` said when it was built by Scripts/package-deb.sh (`PARTYHOST_VERSION`), else `0.1.0`.
    public static let softwareVersion = String(cString: party_build_version())
}

/// Every message type on the wire, by its `type` string.
public enum MessageType: String, Codable, Sendable, CaseIterable {
    // client → host
    case hello, ready, start, move, typedMove, rematch, leave, vote, predict, remove, endParty
    // client → host, from a fleet node's relay only (section 18)
    case audience
    // host → client
    case welcome, reject, lobby, view, moveRejected, gameOver, playerLeft, ended, error, room, team, predictions, prediction
    // both ways
    case heartbeat
}
