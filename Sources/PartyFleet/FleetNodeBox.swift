import PartyServe
import PartyServer
import Synchronization

/// The fleet node once the server listens (the routes and the server are made before it is).
public final class FleetNodeBox: RoomDirectory, NodeHealth {
    /// A box with no node yet.
    public init() {}

    /// The node, once there is one.
    public let node = Mutex<FleetNode?>(nil)

    public func locate(code: String) -> RoomPlace? {
        node.withLock { $0 }?.locate(code: code)
    }

    public func isFleetNode(address: String) -> Bool {
        node.withLock { $0 }?.isFleetNode(address: address) ?? false
    }

    public func isMoving(code: String) -> Bool {
        node.withLock { $0 }?.isMoving(code: code) ?? false
    }

    public var serving: Bool { node.withLock { $0 }?.serving ?? false }

    public func healthMembers() -> String {
        node.withLock { $0 }?.healthMembers() ?? "\"node\":\"starting\""
    }

    public func fleetOrigins() -> [String] { node.withLock { $0 }?.fleetOrigins() ?? [] }

    public func fleetAdmits(origin: String) -> Bool { node.withLock { $0 }?.fleetAdmits(origin: origin) ?? false }
}
