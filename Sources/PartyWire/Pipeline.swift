import NIOCore

/// Sets up a TCP channel for the protocol: frames in (length-limited), frames out (length-prefixed),
/// and a watchdog for handshake and silence time limits.
public enum WirePipeline {
    /// Adds the framing handlers; call from the channel initializer, on the channel's event loop.
    public static func configure(
        _ channel: any Channel,
        maxFrameLength: Int = WireProtocol.maxFrameLength,
        handshakeTimeout: TimeAmount = .milliseconds(WireProtocol.handshakeTimeoutMilliseconds),
        peerTimeout: TimeAmount = .milliseconds(WireProtocol.peerTimeoutMilliseconds)
    ) throws {
        try channel.pipeline.syncOperations.addHandlers([
            FrameDecoder(limit: maxFrameLength),
            FramePrepender(),
            ConnectionWatchdog(handshakeTimeout: handshakeTimeout, peerTimeout: peerTimeout),
        ])
    }
}
