/// The distinct opening positions a few plies deep, in a fixed order: what the opening book scores.
///
/// Positions that are mirror images of each other count once, under the smaller of their two keys
/// (`canonicalKey`). Positions that are over (the last disc made four) are left out.
public enum FourInARowOpenings {
    /// The key a position and its mirror image share: the smaller of the two keys.
    public static func canonicalKey(_ position: FourInARowPosition) -> UInt64 {
        min(position.key, position.mirroredKey)
    }

    /// Every distinct position (up to mirroring) after `plies` discs that is not over, in the order a
    /// depth-first walk from the empty board meets them first, trying columns 1 to 7 in turn.
    ///
    /// Each position is the first one of its pair met, in that orientation. The order depends only
    /// on the rules and on the key encoding, which `fingerprint` condenses.
    /// With a `root`, only the positions that follow from it (the root has `root.moves` discs).
    public static func positions(after root: FourInARowPosition = FourInARowPosition(), plies: Int) -> [FourInARowPosition] {
        levels(after: root, upTo: plies)[plies]
    }

    /// `positions(after:plies:)` for every ply from 0 to `plies` (empty below the root's), found in one walk.
    public static func levels(after root: FourInARowPosition = FourInARowPosition(), upTo plies: Int) -> [[FourInARowPosition]] {
        precondition((root.moves...FourInARowPosition.cells).contains(plies), "The book's plies must be from the root's to a full board.")
        var found = [[FourInARowPosition]](repeating: [], count: plies + 1)
        // One set per depth: a position met again (or its mirror image) has the same subtree.
        var seen = [Set<UInt64>](repeating: [], count: plies + 1)
        func walk(_ position: FourInARowPosition) {
            guard seen[position.moves].insert(canonicalKey(position)).inserted else { return }
            found[position.moves].append(position)
            guard position.moves < plies else { return }
            for column in 0..<7 where position.canPlay(column: column) && !position.isWinning(column: column) {
                var next = position
                next.play(column: column)
                walk(next)
            }
        }
        walk(root)
        return found
    }

    /// A 64-bit FNV-1a hash of the canonical keys of `positions`, in order: it changes when the
    /// enumeration, its order or the key encoding changes.
    public static func fingerprint(_ positions: [FourInARowPosition]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for position in positions {
            var key = canonicalKey(position)
            for _ in 0..<8 {
                hash = (hash ^ (key & 0xFF)) &* 0x100_0000_01b3
                key >>= 8
            }
        }
        return hash
    }
}
