/// The solver's transposition table: a fixed number of slots, each a 32-bit partial key and one
/// byte of value (a bound on the position's score), overwritten on collision.
///
/// With 2^23 + 9 slots (a prime, so `key % size` spreads keys well) it takes 40 MiB, whatever the
/// number of positions searched. The 49-bit key is kept in 32 bits: with an odd size above 2^17 two
/// keys that share a slot and their low 32 bits are the same key (Chinese remainder theorem).
/// Not safe to share between threads: `FourInARowTablePool` lends each table to one solve at a time.
public final class FourInARowTable {
    /// The number of slots.
    public let size: Int
    private let keys: UnsafeMutablePointer<UInt32>
    private let values: UnsafeMutablePointer<UInt8>

    /// The slot count a table gets unless told otherwise: 8,388,617 (a prime just above 2^23).
    public static let standardSize = (1 << 23) + 9

    /// Bytes one slot takes.
    public static let bytesPerSlot = MemoryLayout<UInt32>.size + MemoryLayout<UInt8>.size

    /// An empty table of `size` slots: an odd number above 2^17 (which keeps the partial keys exact).
    public init(size: Int = FourInARowTable.standardSize) {
        precondition(size > 1 << 17 && size % 2 == 1, "The partial 32-bit keys need an odd size above 2^17.")
        self.size = size
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        values.initialize(repeating: 0, count: size)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// Empties every slot.
    public func reset() {
        keys.update(repeating: 0, count: size)
        values.update(repeating: 0, count: size)
    }

    /// Stores `value` (1–255) for `key`.
    @inline(__always)
    func put(_ key: UInt64, _ value: UInt8) {
        let slot = Int(key % UInt64(size))
        keys[slot] = UInt32(truncatingIfNeeded: key)
        values[slot] = value
    }

    /// The value stored for `key`, or 0 when there is none.
    @inline(__always)
    func get(_ key: UInt64) -> UInt8 {
        let slot = Int(key % UInt64(size))
        return keys[slot] == UInt32(truncatingIfNeeded: key) ? values[slot] : 0
    }
}
