import NIOHTTP1
import PartyWeb

/// A room another node of the fleet holds: its requests (pages, `/api/rooms/CODE`, the
/// WebSocket) are carried to that node (`HTTPCarry` in PartyWeb), so any node answers any code.
extension RoomServer: WebCarrying {
    public func destination(for head: HTTPRequestHead, peerAddress: String) -> CarryDestination? {
        // A request a fleet node carried here is answered here: one hop at most, never a loop.
        let carriedHere = isFleetPeer(peerAddress) && !head.headers[CarryDestination.carriedHeader].isEmpty
        let path = String(head.uri.prefix { $0 != "?" && $0 != "#" })
        guard let directory, !carriedHere, let code = Self.code(ofRoomPath: path),
              room(code) == nil, let place = directory.locate(code: code) else { return nil }
        // A watcher's WebSocket (`/CODE/ws?watch`) is served here, from this node's relay of the room.
        if Self.code(ofSocketPath: path) != nil, WebSocketOpening.watches(head.uri),
           head.headers["Upgrade"].contains(where: { $0.lowercased() == "websocket" }) { return nil }
        let client = believesForwarding(from: peerAddress)
            ? (WebSocketOpening.lastForwarded(head.headers) ?? peerAddress) : peerAddress
        return CarryDestination(host: place.host, port: place.port, forwardedFor: client)
    }

    /// Whether `address` is another node of the fleet (`--fleet-peer`, or the directory says so).
    public func isFleetPeer(_ address: String) -> Bool {
        options.fleetPeers.contains(address) || directory?.isFleetNode(address: address) == true
    }

    /// Whether the `X-Forwarded-For` of a connection from `address` names the real client: a
    /// trusted proxy's, or a fleet node's.
    public func believesForwarding(from address: String) -> Bool {
        options.trustedProxies.contains(address) || isFleetPeer(address)
    }

    /// The code of a path that names a room: `/ABCD`, `/ABCD/tv`, `/ABCD/join.svg`, `/ABCD/ws`,
    /// `/api/rooms/ABCD`; nil for any other path.
    static func code(ofRoomPath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.count {
        case 1: return RoomCode.normalized(parts[0])
        case 2 where ["tv", "join.svg", "ws"].contains(parts[1]): return RoomCode.normalized(parts[0])
        case 3 where parts[0] == "api" && parts[1] == "rooms": return RoomCode.normalized(parts[2])
        default: return nil
        }
    }
}
