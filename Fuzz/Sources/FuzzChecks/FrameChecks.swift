import NIOCore
import NIOEmbedded
import PartyWire

/// Feeds a byte stream through `FrameDecoder` the way the pipeline does and checks the frames.
public enum FrameChecks {
    /// What a channel made of a stream: the frame bodies, then the error that stopped it, if any.
    public struct Outcome: Equatable, CustomStringConvertible {
        /// The frame bodies in order.
        public var frames: [[UInt8]]
        /// The decoder's error, as text (`nil` when the stream ended without one).
        public var error: String?

        /// The frame sizes and the error, for trap messages.
        public var description: String {
            "\(frames.map(\.count)) \(error ?? "no error")"
        }
    }

    /// The read sizes the stream is cut into for the split run: small, uneven, repeating.
    static let chunkSizes = [1, 3, 2, 7, 4, 13, 1, 5, 64, 29, 250]

    /// Runs the stream through two frame limits, each once in one read and once in many small reads;
    /// traps unless both runs agree, then checks every frame body as a message.
    public static func check(stream: [UInt8]) {
        for limit in [WireProtocol.maxFrameLength, 100] {
            let whole = decode(stream, limit: limit, chunked: false)
            let split = decode(stream, limit: limit, chunked: true)
            guard whole == split else {
                fatalError("limit \(limit): one read gave \(whole), small reads gave \(split)")
            }
            if limit == WireProtocol.maxFrameLength {
                for frame in whole.frames { MessageChecks.check(body: frame) }
            }
        }
    }

    /// The frames and the error a `FrameDecoder(limit:)` makes of `stream`.
    public static func decode(_ stream: [UInt8], limit: Int, chunked: Bool) -> Outcome {
        let channel = EmbeddedChannel(handler: FrameDecoder(limit: limit))
        var outcome = Outcome(frames: [], error: nil)
        var offset = 0
        var turn = 0
        do {
            while offset < stream.count {
                let size = chunked ? chunkSizes[turn % chunkSizes.count] : stream.count
                let end = min(stream.count, offset + size)
                try channel.writeInbound(ByteBuffer(bytes: stream[offset..<end]))
                try drain(channel, into: &outcome)
                offset = end
                turn += 1
            }
            _ = try channel.finish()
            try drain(channel, into: &outcome)
        } catch {
            try? drain(channel, into: &outcome)
            outcome.error = String(describing: error)
            _ = try? channel.finish()
        }
        return outcome
    }

    /// Moves every decoded frame out of the channel.
    static func drain(_ channel: EmbeddedChannel, into outcome: inout Outcome) throws {
        while let frame = try channel.readInbound(as: ByteBuffer.self) {
            outcome.frames.append(Array(frame.readableBytesView))
        }
    }
}
