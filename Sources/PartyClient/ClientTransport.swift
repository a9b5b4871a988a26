/// How a client carries the wire protocol to its host: framed TCP (the LAN default) or WebSocket
/// text messages (a server's room, a host behind a TLS front door).
public enum ClientTransport: Hashable, Sendable {
    /// Length-prefixed frames over TCP (docs/PROTOCOL.md §1).
    case framed
    /// One text message per frame body over a WebSocket, plain or TLS (docs/PROTOCOL.md §1c).
    case webSocket(WebSocketTarget)
}
