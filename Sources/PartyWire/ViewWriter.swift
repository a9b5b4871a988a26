import PartyKit

/// How views of one type write their own JSON (`JSONWritable`), found out once rather than by a
/// cast per message: a host makes one when a game starts and hands it to every `ViewMessage`.
public struct ViewWriter<View>: Sendable {
    /// Writes one view.
    let write: @Sendable (View, inout JSONOutput) -> Void

    /// The writer of `View`, or nil when `View` is not `JSONWritable` (then `Encodable` writes it).
    public static func make() -> ViewWriter? {
        guard let writable = View.self as? any JSONWritable.Type else { return nil }
        return opened(writable)
    }

    /// A writer through `Writable`'s own conformance, `Writable` being `View` (the cast of each
    /// view is then from a type to itself, which the runtime does by a copy).
    private static func opened<Writable: JSONWritable>(_: Writable.Type) -> ViewWriter {
        ViewWriter { view, output in
            (view as! Writable).writeJSON(to: &output)
        }
    }
}
