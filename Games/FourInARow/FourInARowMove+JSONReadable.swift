import PartyKit

extension FourInARowMove: JSONReadable {
    /// Reads `{"column": n}`; anything else is a mismatch, left to `Decodable`.
    public init(json input: inout JSONInput) throws(JSONInput.Mismatch) {
        var column: Int?
        try input.readObject { key, value throws(JSONInput.Mismatch) in
            guard key.matches("column") else { throw JSONInput.Mismatch() }
            column = try value.readInt()
        }
        guard let column else { throw JSONInput.Mismatch() }
        self.init(column: column)
    }
}
