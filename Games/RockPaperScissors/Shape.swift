/// One of the three hand shapes: rock blunts scissors, scissors cut paper, paper covers rock.
///
/// On the wire a shape is its lower-case name (`"rock"`).
public enum Shape: String, Hashable, Codable, Sendable, CaseIterable {
    /// Rock: beats scissors, loses to paper.
    case rock
    /// Paper: beats rock, loses to scissors.
    case paper
    /// Scissors: beat paper, lose to rock.
    case scissors

    /// The shape this one beats.
    public var beats: Shape {
        switch self {
        case .rock: .scissors
        case .paper: .rock
        case .scissors: .paper
        }
    }

    /// The capitalised name people read ("Rock").
    public var name: String {
        switch self {
        case .rock: "Rock"
        case .paper: "Paper"
        case .scissors: "Scissors"
        }
    }

    /// The key (and menu number) that picks the shape: 1 Rock, 2 Paper, 3 Scissors.
    public var number: Int {
        switch self {
        case .rock: 1
        case .paper: 2
        case .scissors: 3
        }
    }

    /// The shape picked by key or menu number 1–3, if any.
    public init?(number: Int) {
        guard let shape = Shape.allCases.first(where: { $0.number == number }) else { return nil }
        self = shape
    }

    /// Whether this shape beats `other`; any shape beats no shape at all (a player who did not choose in time).
    public func beats(_ other: Shape?) -> Bool {
        guard let other else { return true }
        return beats == other
    }
}
