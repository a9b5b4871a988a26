import PartyWire

/// The views sent during one update of the table, so viewers who see the same view share one
/// encoding of it (in a game without secrets, all of them) and a view only one viewer sees is
/// encoded once, straight into its message.
///
/// The first viewer of a view gets nil (encode the view in place, one pass); a second viewer of an
/// equal view makes its JSON, which that viewer and every later one splice into their messages.
struct EncodedViews<View: Encodable & Hashable> {
    /// The views sent so far.
    private var views: [View] = []
    /// At the index of a view, its shared JSON once a second viewer had it; empty (no allocation)
    /// until that first happens.
    private var shared: [EncodedJSON?] = []
    /// How many views were encoded to be shared (for tests).
    private(set) var sharedEncodings = 0

    /// The JSON to splice into the message for `view`, or nil when the message should encode the
    /// view itself: no viewer had an equal view before, or only `JSONEncoder` encodes it.
    mutating func json(for view: View) -> EncodedJSON? {
        guard let index = views.firstIndex(of: view) else {
            views.append(view)
            if !shared.isEmpty { shared.append(nil) }
            return nil
        }
        if !shared.isEmpty, let json = shared[index] { return json }
        guard let json = EncodedJSON(encoding: view) else { return nil }
        sharedEncodings += 1
        if shared.isEmpty { shared = Array(repeating: nil, count: views.count) }
        shared[index] = json
        return json
    }
}
