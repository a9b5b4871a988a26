/// A value that reads itself from JSON: what its `Decodable` conformance gives, read much faster.
///
/// The host reads a move on every turn; a move that is `JSONReadable` is read straight from its
/// message instead of through `Decodable`'s containers (docs/PERFORMANCE.md). It is optional: a
/// move that is only `Codable` is read exactly the same, just slower.
///
/// The contract: `init(json:)` reads one JSON value and gives the value `init(from:)` gives for it,
/// or throws `JSONInput.Mismatch` — for an unknown member too — and the text is then decoded
/// through `Decodable`, which accepts what it accepts and names the error. The game conformance
/// suite (`GameConformance.check`) reads every candidate move's JSON both ways.
public protocol JSONReadable: Decodable {
    /// Reads the value from `input`, or throws `JSONInput.Mismatch`.
    init(json input: inout JSONInput) throws(JSONInput.Mismatch)
}
