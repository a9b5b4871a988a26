/// A value that writes its own JSON: what its `Encodable` conformance gives, written much faster.
///
/// The host sends a game's view on every move; a view that is `JSONWritable` is written straight
/// into its message instead of going through `Encodable`'s containers (docs/PERFORMANCE.md). It is
/// optional: a view that is only `Codable` is sent exactly the same, just slower.
///
/// The contract: `writeJSON` writes one JSON value that decodes (with `JSONDecoder`) to a value equal
/// to this one, with the same members `encode(to:)` writes: the same keys, a nil optional left out as
/// `encodeIfPresent` leaves it out. The game conformance suite (`GameConformance.check`) checks it
/// for every view of its random games.
public protocol JSONWritable: Encodable {
    /// Writes the value as one JSON value.
    func writeJSON(to output: inout JSONOutput)
}

extension SeatID: JSONWritable {
    /// The seat's index, as `encode(to:)` writes it.
    public func writeJSON(to output: inout JSONOutput) {
        output.int(index)
    }
}

extension String: JSONWritable {
    /// The string, escaped.
    public func writeJSON(to output: inout JSONOutput) {
        output.string(self)
    }
}

extension Int: JSONWritable {
    /// The integer in decimal.
    public func writeJSON(to output: inout JSONOutput) {
        output.int(self)
    }
}

extension Bool: JSONWritable {
    /// `true` or `false`.
    public func writeJSON(to output: inout JSONOutput) {
        output.bool(self)
    }
}
