import FourInARow
import Glibc
import NIOCore
import PartyKit
import PartyWire

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

    /// The index just after the first occurrence of `needle` in `bytes` (glibc's `memmem`: one
    /// call, where a `memchr` for the needle's first byte, a quote, stopped at every other key).
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty, bytes.count >= needle.count else { return nil }
        return needle.withUnsafeBytes { pattern -> Int? in
            guard let hit = glibcMemmem(base, bytes.count, pattern.baseAddress!, pattern.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit)) + pattern.count
        }
    }

    /// Throws unless `scan` reads what `JSONDecoder` reads from the host's own view messages, for
    /// every position of a whole game, as both seats see it, and the finished board.
    static func check() throws {
        let codec = MessageCodec()
        let seats = [Seat(id: SeatID(0), name: "load-1"), Seat(id: SeatID(1), name: "load-2")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        let writer = ViewWriter<FourInARowView>.make()
        // Columns in turn, the first free one each time: full columns on the way, and a win.
        var next = 0
        while true {
            for seat in 0..<2 {
                let id = SeatID(seat)
                let message = ViewMessage(game: 3, view: state.view(for: .seat(id), at: .zero),
                                          yourTurn: state.currentSeat == id, deadlineMs: nil, writer: writer)
                let body = try codec.encode(message, seq: 40 + seat)
                let envelope = try codec.envelope(of: body)
                let decoded = try codec.decode(LeanView.self, from: envelope)
                guard let scanned = scan(body), scanned.yourTurn == decoded.yourTurn, scanned.view.openColumns == decoded.view.openColumns,
                      scanned.view.moves == decoded.view.moves, scanned.view.over == decoded.view.over else {
                    throw LoadError.frameMismatch("view after \(state.board.discCount) moves, seat \(seat)")
                }
            }
            guard state.outcome == nil, let seat = state.currentSeat else { break }
            while (try? state.apply(FourInARowMove(column: next % 7 + 1), from: seat, at: .zero)) == nil { next += 1 }
            next += 1
        }
    }
}

/// glibc's `memmem` (a GNU extension the `Glibc` module does not import).
@_silgen_name("memmem")
private func glibcMemmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer, _ needleLength: Int) -> UnsafeMutableRawPointer?
