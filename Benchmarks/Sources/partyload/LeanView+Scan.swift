import Glibc
import NIOCore

extension LeanView {
    /// Reads the four fields a load client acts on straight from a `view` frame as partyhost writes
    /// it (compact JSON, the envelope first), without decoding the rest; nil for any other frame or
    /// anything unexpected, which then goes through `JSONDecoder` as before.
    ///
    /// The load clients share two cores with the host they measure; a full decode of every view
    /// was 14–18 % of all CPU in the profiles (docs/PERFORMANCE.md), which is the client's cost,
    /// not the host's. The host still encodes and sends the whole view.
    static func scan(_ frame: ByteBuffer) -> LeanView? {
        frame.withUnsafeReadableBytes { bytes -> LeanView? in
            guard bytes.starts(with: Keys.view),
                  let turn = find(Keys.yourTurn, in: bytes),
                  let board = find(Keys.board, in: bytes),
                  let moves = find(Keys.moves, in: bytes) else { return nil }
            let yourTurn: Bool
            if bytes[turn...].starts(with: "true".utf8) {
                yourTurn = true
            } else if bytes[turn...].starts(with: "false".utf8) {
                yourTurn = false
            } else {
                return nil
            }
            guard let end = bytes[board...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            guard let count = number(at: moves, in: bytes) else { return nil }
            let over = find(Keys.outcome, in: bytes) != nil
            return LeanView(yourTurn: yourTurn, view: Board(topRow: UnsafeRawBufferPointer(rebasing: bytes[board..<end]), moves: count, over: over))
        }
    }

    /// What the scan looks for, as bytes.
    private enum Keys {
        static let view = Array(#"{"type":"view","#.utf8)
        static let yourTurn = Array(#""yourTurn":"#.utf8)
        static let board = Array(#""board":[""#.utf8)
        static let moves = Array(#""moves":"#.utf8)
        static let outcome = Array(#""outcome":""#.utf8)
    }

    /// The unsigned decimal number that starts at `start`, or nil when no digit is there.
    static func number(at start: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        var value = 0
        var index = start
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    /// The index just after the first occurrence of `needle` in `bytes` (`memchr` for its first
    /// byte, `memcmp` for the rest).
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first, bytes.count >= needle.count else { return nil }
        return needle.withUnsafeBytes { pattern -> Int? in
            var index = 0
            let last = bytes.count - pattern.count
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                index = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + index, pattern.baseAddress!, pattern.count) == 0 { return index + pattern.count }
                index += 1
            }
            return nil
        }
    }
}
