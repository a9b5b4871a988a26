import FourInARow
import NIOCore
import PartyKit
import PartyWire

/// The views `fanout` sends between nodes: a stamp (`SEQ SENT `: the view's number and the
/// monotonic instant it was published, fixed width) and then a Four in a Row spectator view's JSON,
/// padded with spaces (JSON's own whitespace) to the payload's size.
struct FanoutView: Sendable {
    /// The stamp's length: eight digits of sequence number, twenty of nanoseconds, two spaces.
    static let stampLength = 30
    /// The body after the stamp, as UTF-8 bytes.
    let body: [UInt8]

    /// The payload's size, stamp included.
    var size: Int { Self.stampLength + body.count }

    /// The spectator view of Four in a Row twelve moves in (as `RelayFloor.frameSizes()` plays
    /// it), without the frame's length, padded to `size` bytes in all if that is larger.
    static func spectator(paddedTo size: Int = 0) throws -> FanoutView {
        let seats = [Seat(id: SeatID(0), name: "load-1"), Seat(id: SeatID(1), name: "load-2")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        for column in [4, 4, 3, 5, 5, 3, 6, 2, 2, 6, 7, 7] {
            guard let seat = state.currentSeat else { break }
            try state.apply(FourInARowMove(column: column), from: seat, at: .zero)
        }
        let message = ViewMessage(game: 1, view: state.view(for: .spectator, at: .zero), yourTurn: false, deadlineMs: nil)
        var frame = try MessageCodec().encode(message, seq: 100)
        frame.moveReaderIndex(forwardBy: 4)
        var body = frame.readBytes(length: frame.readableBytes) ?? []
        let padding = size - stampLength - body.count
        if padding > 0 { body += [UInt8](repeating: UInt8(ascii: " "), count: padding) }
        return FanoutView(body: body)
    }

    /// The stamp of view `seq` published at `sentAt` (uptime nanoseconds).
    static func stamp(seq: Int, sentAt: UInt64) -> String {
        let number = String(seq), instant = String(sentAt)
        return String(repeating: "0", count: max(0, 8 - number.count)) + number + " "
            + String(repeating: "0", count: max(0, 20 - instant.count)) + instant + " "
    }

    /// The whole payload as text (for NOTIFY).
    func text(seq: Int, sentAt: UInt64) -> String {
        Self.stamp(seq: seq, sentAt: sentAt) + String(decoding: body, as: UTF8.self)
    }

    /// The whole payload as one length-prefixed frame (for a node link).
    func frame(seq: Int, sentAt: UInt64, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 4 + size)
        buffer.writeInteger(UInt32(size))
        buffer.writeString(Self.stamp(seq: seq, sentAt: sentAt))
        buffer.writeBytes(body)
        return buffer
    }

    /// The sequence number a payload's stamp carries (nil if it has none).
    static func sequence(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= stampLength else { return nil }
        var value = 0
        for index in 0..<8 {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
