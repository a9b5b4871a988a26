import ArgumentParser
import FourInARow
import Foundation
import NIOCore
import PartyKit
import PartyWire

/// What the host spends per move on JSON (two views out, one move in) against a packed binary
/// form of the same fields, on one thread, with no sockets: the figure behind "a different
/// encoding would not reach the goal" in docs/PERFORMANCE.md. The binary form is a measuring
/// stick only; the protocol stays JSON.
struct EncodingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encoding",
        abstract: "CPU per move of the host's JSON work (two views, one move) against a packed binary form.")

    @Option(help: "Moves to time for each form.")
    var count = 200_000

    func run() throws {
        let seats = [Seat(id: SeatID(0), name: "load-1"), Seat(id: SeatID(1), name: "load-2")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        for column in [4, 4, 3, 5, 5, 3, 6, 2, 2, 6, 7, 7] {
            guard let seat = state.currentSeat else { break }
            try state.apply(FourInARowMove(column: column), from: seat, at: .zero)
        }
        let codec = MessageCodec()
        let moveBody = try codec.encode(MoveMessage(move: FourInARowMove(column: 4)), seq: 100)
        var jsonBytes = 0, binaryBytes = 0
        // As the host does it: the view's writer and the move's reader found once per game.
        let writer = ViewWriter<FourInARowView>.make()
        let reader = MoveReader<FourInARowMove>()
        let json = try Self.cpuMicroseconds(count) { index in
            for seat in 0..<2 {
                let view = state.view(for: .seat(SeatID(seat)), at: .zero)
                jsonBytes = try codec.encode(ViewMessage(game: 1, view: view, yourTurn: seat == 1, deadlineMs: nil, writer: writer),
                                             seq: index).readableBytes
            }
            let envelope = try codec.envelope(of: moveBody)
            _ = try reader.read(envelope, codec: codec)
        }
        let packedMove = ByteBuffer(bytes: [3, 100, 0, 4])
        let binary = try Self.cpuMicroseconds(count) { index in
            for seat in 0..<2 {
                let view = state.view(for: .seat(SeatID(seat)), at: .zero)
                binaryBytes = Self.packed(view, board: state.board, seq: index, yourTurn: seat == 1).readableBytes
            }
            guard packedMove.getInteger(at: 0, as: UInt8.self) == 3, packedMove.getInteger(at: 3, as: UInt8.self) == 4 else {
                throw LoadError.frameMismatch("packed move")
            }
        }
        print("per move, host side, one thread (CPU time): JSON (two view messages \(jsonBytes) bytes each, one move decoded) \(String(format: "%.2f", json)) µs; packed binary (\(binaryBytes) bytes each) \(String(format: "%.2f", binary)) µs; both build the two views")
        print("a binary encoding would save \(String(format: "%.2f", json - binary)) µs of the host's CPU per move")
    }

    /// The same fields as the JSON view message, packed: type, seq, game, flags, the two
    /// bitboards, last column, moves, winner, winning cells and the outcome text.
    static func packed(_ view: FourInARowView, board: FourInARowBoard, seq: Int, yourTurn: Bool) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: 64)
        buffer.writeInteger(UInt8(2))
        buffer.writeInteger(UInt32(truncatingIfNeeded: seq))
        buffer.writeInteger(UInt16(1))
        let flags = (yourTurn ? 1 : 0) | (view.turn.map { UInt8($0.index) << 1 } ?? 0x80) | (view.you.map { UInt8($0.index) << 2 } ?? 0x40)
        buffer.writeInteger(UInt8(truncatingIfNeeded: flags))
        buffer.writeInteger(board.first)
        buffer.writeInteger(board.second)
        buffer.writeInteger(UInt8(view.last ?? 0))
        buffer.writeInteger(UInt8(view.moves))
        buffer.writeInteger(UInt8(view.winner.map { $0.index + 1 } ?? 0))
        for cell in view.winning { buffer.writeInteger(UInt8(cell.column * 8 + cell.row)) }
        if let outcome = view.outcome {
            buffer.writeInteger(UInt8(truncatingIfNeeded: outcome.utf8.count))
            buffer.writeString(outcome)
        }
        return buffer
    }

    /// Runs `body` `count` times and returns this thread's CPU time per run, in microseconds.
    static func cpuMicroseconds(_ count: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        for index in 0..<min(count, 10_000) { try body(index) }  // warm-up
        let start = threadCPU()
        for index in 0..<count { try body(index) }
        return Double(threadCPU() - start) / Double(count) / 1000
    }

    static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
