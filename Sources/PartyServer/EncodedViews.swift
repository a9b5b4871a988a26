import PartyWire

/// The views encoded during one update of the table, so every viewer who sees the same view
/// gets the same JSON without encoding it again (in a game without secrets, all of them).
struct EncodedViews<View: Encodable & Hashable> {
    private var entries: [(view: View, json: EncodedJSON)] = []

    /// `view`'s JSON, encoded now or by an earlier viewer; nil when only `JSONEncoder` encodes it.
    mutating func json(for view: View) -> EncodedJSON? {
        if let entry = entries.first(where: { $0.view == view }) { return entry.json }
        guard let json = EncodedJSON(encoding: view) else { return nil }
        entries.append((view, json))
        return json
    }
}
