import PartyWire

/// How long a client waits for the host: for its `welcome`, and between two complete frames.
///
/// The official client applies the protocol's limits (PROTOCOL.md section 11: 5 s and 10 s). Tests
/// on a busy machine, where the waiting is not what they check, give the host more patience.
public struct ClientTimeouts: Sendable, Equatable {
    /// From sending `hello` to the host's answer.
    public var handshake: Duration
    /// The longest silence (no complete frame) before the host counts as gone.
    public var silence: Duration

    /// Creates timeouts.
    public init(handshake: Duration, silence: Duration) {
        self.handshake = handshake
        self.silence = silence
    }

    /// The protocol's limits: 5 s for the welcome, 10 s of silence.
    public static let protocolLimits = ClientTimeouts(
        handshake: .milliseconds(WireProtocol.handshakeTimeoutMilliseconds),
        silence: .milliseconds(WireProtocol.peerTimeoutMilliseconds))
}
