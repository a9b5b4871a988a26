import Synchronization

/// Which rooms this node of a fleet holds, and in which epoch: what its journal writes are
/// fenced by. Each start of a node (and each time it lost its lease) is a new incarnation, so
/// a room held by an old incarnation is never written by the new one without claiming it.
public final class FleetMembership: Sendable {
    /// The node's name (`--node-name`).
    public let node: String
    private let state: Mutex<State>

    private struct State {
        var incarnation: String
        /// The epoch of each party this incarnation holds, by party id.
        var held: [Int64: Int64] = [:]
        /// The code of each held party.
        var codes: [Int64: String] = [:]
    }

    /// A member of the fleet named `node`, in its first incarnation.
    public init(node: String) {
        self.node = node
        state = Mutex(State(incarnation: Self.newIncarnation()))
    }

    /// A random id for one incarnation of a node.
    static func newIncarnation() -> String {
        var system = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(system.next() as UInt32, radix: 16) }.joined(separator: "-")
    }

    /// The current incarnation and what it holds.
    public var snapshot: (incarnation: String, held: [Int64: Int64]) {
        state.withLock { ($0.incarnation, $0.held) }
    }

    /// The current incarnation's id.
    public var incarnation: String { state.withLock { $0.incarnation } }

    /// The codes of the rooms held, by party.
    public var codes: [Int64: String] { state.withLock { $0.codes } }

    /// Whether `party` is held.
    public func holds(_ party: Int64) -> Bool { state.withLock { $0.held[party] != nil } }

    /// `party` (code `code`) is held in `epoch` by `incarnation` (nil: whichever is current);
    /// false when the incarnation is no longer current.
    @discardableResult
    func hold(_ party: Int64, code: String, epoch: Int64, incarnation: String? = nil) -> Bool {
        state.withLock { state in
            guard incarnation == nil || incarnation == state.incarnation else { return false }
            state.held[party] = epoch
            state.codes[party] = code
            return true
        }
    }

    /// `party` is no longer held; returns its code when it was.
    @discardableResult
    func release(_ party: Int64) -> String? {
        state.withLock { state in
            state.held[party] = nil
            return state.codes.removeValue(forKey: party)
        }
    }

    /// Starts a new incarnation holding nothing; returns the codes the old one held.
    func reincarnate() -> [String] {
        state.withLock { state in
            let codes = Array(state.codes.values)
            state = State(incarnation: Self.newIncarnation())
            return codes
        }
    }
}
