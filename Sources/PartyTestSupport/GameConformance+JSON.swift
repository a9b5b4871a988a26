import Foundation
import PartyKit

extension GameConformance {
    /// What is wrong with the JSON a `JSONWritable` view writes itself: it must decode to an equal
    /// view and hold the same members, with the same values, as its `Encodable` JSON. Empty for a
    /// view that is not `JSONWritable` (it is always encoded through `Encodable`).
    public static func jsonProblems<View: Codable & Equatable>(_ view: View) -> [String] {
        guard let writable = view as? any JSONWritable else { return [] }
        var output = JSONOutput()
        output.value(writable)
        let written = Data(output.bytes)
        let text = String(decoding: written.prefix(300), as: UTF8.self)
        guard let decoded = try? JSONDecoder().decode(View.self, from: written) else {
            return ["writes JSON that does not decode as the view: \(text)"]
        }
        guard decoded == view else { return ["writes JSON that decodes to a different view: \(text)"] }
        guard let encoded = try? JSONEncoder().encode(view),
              let expected = try? JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed]) as? NSObject,
              let actual = try? JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed]) as? NSObject
        else {
            return ["writes JSON that JSONSerialization cannot read: \(text)"]
        }
        guard actual.isEqual(expected) else {
            let codable = String(decoding: encoded.prefix(300), as: UTF8.self)
            return ["writes JSON with other members than its Encodable JSON: \(text) against \(codable)"]
        }
        return []
    }

    /// What is wrong with how a `JSONReadable` move reads itself: its `Encodable` JSON (as a client
    /// sends it, compact or spaced out) must read back as the same move. Empty for a move that is
    /// not `JSONReadable` (it is always decoded through `Decodable`).
    public static func readProblems<Move: Codable & Equatable>(_ move: Move) -> [String] {
        guard let readable = Move.self as? any JSONReadable.Type else { return [] }
        var problems: [String] = []
        for pretty in [false, true] {
            let encoder = JSONEncoder()
            if pretty { encoder.outputFormatting = [.prettyPrinted] }
            guard let encoded = try? encoder.encode(move) else { return ["cannot be encoded"] }
            let text = String(decoding: encoded.prefix(300), as: UTF8.self)
            let read = encoded.withUnsafeBytes { bytes in
                JSONInput.read(bytes) { input throws(JSONInput.Mismatch) in try readable.init(json: &input) }
            }
            guard let read else {
                problems.append("does not read its own JSON: \(text)")
                continue
            }
            if read as? Move != move { problems.append("reads its own JSON as another move: \(text)") }
        }
        return problems
    }
}
