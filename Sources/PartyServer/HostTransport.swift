import NIOCore
import PartyWeb

/// Sets up one accepted connection of a host: HTTP, WebSocket or the framed protocol, decided by its
/// first byte (PartyWeb's `WebTransport`); both message transports end in the session's handler.
enum HostTransport {
    /// Installs the sniffer; `addSession` adds the session's connection handler to a framed (true)
    /// or WebSocket (false) connection once its transport is known. On a framed connection that
    /// handler is the only one: it frames, watches the time limits and writes whole frames itself.
    /// `handshake` also limits the wait for the first byte. `overCapacity` (the connection is over
    /// `--max-connections`) has an HTTP connection answered 503; the session's handler refuses the others.
    /// `idleHTTP` hears when a plain HTTP connection starts or stops waiting for its next request.
    static func configure(_ channel: any Channel, handshake: TimeAmount, overCapacity: Bool, assets: WebAssets = .builtIn,
                          idleHTTP: @escaping @Sendable (Bool) -> Void = { _ in },
                          addSession: @escaping @Sendable (any Channel, _ framed: Bool) throws -> Void) throws {
        var web = WebOptions()
        web.firstByteTimeout = handshake
        web.assets = assets
        try WebTransport.configure(channel, options: web, overCapacity: overCapacity, idle: idleHTTP,
            configureWire: { channel in
                try addSession(channel, true)
            },
            configureWebSocket: { channel in
                try addSession(channel, false)
            })
    }
}
