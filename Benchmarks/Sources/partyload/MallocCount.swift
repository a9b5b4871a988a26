#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Heap allocations the process has made so far, when `Scripts/malloc_count.c` is preloaded
/// (`LD_PRELOAD`); nil without it. Counts every thread: hosts and load clients together.
enum MallocCount {
    private typealias Counter = @convention(c) () -> UInt64

    private static let counter: Counter? = {
        #if canImport(Glibc)
        let handle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        guard let symbol = dlsym(handle, "partyload_malloc_count") else { return nil }
        return unsafeBitCast(symbol, to: Counter.self)
    }()

    /// The number of allocations so far, or nil when the counter is not preloaded.
    static func now() -> UInt64? {
        counter?()
    }

    /// "N allocations per move" between `before` and now, or nil without the counter.
    static func perMove(since before: UInt64?, moves: Int) -> String? {
        guard let before, let after = now(), moves > 0 else { return nil }
        return String(format: "%.1f allocations per move (hosts and load clients, malloc/calloc/realloc)",
                      Double(after - before) / Double(moves))
    }
}
