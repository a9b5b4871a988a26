import PartyKit

/// How views of one type write their own JSON (`JSONWritable`), found out once rather than by a
/// cast per message: a host makes one when a game starts and hands it to every `ViewMessage`.
///
/// `@unchecked Sendable`: `write` captures nothing but a type's metadata, which is immutable and
/// global, so calling it from any thread is safe (Swift 6.3 will not call a generic parameter's
/// metatype `Sendable` without a `SendableMetatype` constraint that `JSONWritable` does not have).
public struct ViewWriter<View>: @unchecked Sendable {
    /// Writes one view.
    let write: (View, inout JSONOutput) -> Void

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
