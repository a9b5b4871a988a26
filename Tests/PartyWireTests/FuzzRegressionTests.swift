import NIOCore
import NIOEmbedded
import PartyWire
import Testing

/// Inputs kept from the libFuzzer targets in `Fuzz/` (`fuzz-frames`, `fuzz-messages`): edge cases of
/// the seed corpus and anything the fuzzers found. Each goes through the same decoders the fuzzers
/// drive, and each row states exactly what must come out, so a change in behaviour fails here first.
@Suite("Fuzz regressions: framing and message decoding")
struct FuzzRegressionTests {
    /// A byte stream and what `FrameDecoder` (default limit) must make of it.
    struct Stream: Sendable, CustomTestStringConvertible {
        /// What the case is about.
        var name: String
        /// The bytes as they arrive on the socket.
        var bytes: [UInt8]
        /// The frame bodies that must come out, in order.
        var frames: [[UInt8]]
        /// The error that must end the stream, if any.
        var error: WireError?

        var testDescription: String { name }
    }

    /// A frame body and what `MessageCodec` must make of it.
    struct Body: Sendable, CustomTestStringConvertible {
        /// What the case is about.
        var name: String
        /// The frame body.
        var bytes: [UInt8]
        /// The message type it decodes to, or the exact error.
        var expected: Result<MessageType, WireError>

        var testDescription: String { name }
    }

    /// The frames and the error a `FrameDecoder()` makes of `bytes`, fed in
    /// reads of the given sizes (cycled); an empty `sizes` feeds everything in one read.
    static func decode(_ bytes: [UInt8], sizes: [Int]) -> (frames: [[UInt8]], error: WireError?) {
        let channel = EmbeddedChannel(handler: FrameDecoder())
        var frames: [[UInt8]] = []
        func drain() {
            while let frame = try? channel.readInbound(as: ByteBuffer.self) { frames.append(Array(frame.readableBytesView)) }
        }
        var offset = 0
        var turn = 0
        do {
            while offset < bytes.count {
                let end = sizes.isEmpty ? bytes.count : min(bytes.count, offset + sizes[turn % sizes.count])
                try channel.writeInbound(ByteBuffer(bytes: bytes[offset..<end]))
                drain()
                offset = end
                turn += 1
            }
            _ = try channel.finish()
            drain()
            return (frames, nil)
        } catch {
            drain()
            _ = try? channel.finish()
            return (frames, error as? WireError ?? .invalidJSON(detail: "unexpected \(error)"))
        }
    }

    /// The body as the message its envelope names (game payloads as the sample move and view).
    static func message(_ bytes: [UInt8]) -> Result<MessageType, WireError> {
        let codec = MessageCodec()
        do throws(WireError) {
            let envelope = try codec.envelope(of: ByteBuffer(bytes: bytes))
            switch envelope.type {
            case .hello: _ = try codec.decode(Hello.self, from: envelope)
            case .ready: _ = try codec.decode(Ready.self, from: envelope)
            case .start: _ = try codec.decode(Start.self, from: envelope)
            case .move: _ = try codec.decode(MoveMessage<SampleMove>.self, from: envelope)
            case .typedMove: _ = try codec.decode(TypedMove.self, from: envelope)
            case .rematch: _ = try codec.decode(Rematch.self, from: envelope)
            case .leave: _ = try codec.decode(Leave.self, from: envelope)
            case .welcome: _ = try codec.decode(Welcome.self, from: envelope)
            case .reject: _ = try codec.decode(Reject.self, from: envelope)
            case .lobby: _ = try codec.decode(Lobby.self, from: envelope)
            case .view: _ = try codec.decode(ViewMessage<SampleView>.self, from: envelope)
            case .moveRejected: _ = try codec.decode(MoveRejected.self, from: envelope)
            case .gameOver: _ = try codec.decode(GameOver.self, from: envelope)
            case .playerLeft: _ = try codec.decode(PlayerLeft.self, from: envelope)
            case .ended: _ = try codec.decode(Ended.self, from: envelope)
            case .error: _ = try codec.decode(ErrorMessage.self, from: envelope)
            case .heartbeat: _ = try codec.decode(Heartbeat.self, from: envelope)
            case .vote: _ = try codec.decode(Vote.self, from: envelope)
            case .remove: _ = try codec.decode(Remove.self, from: envelope)
            case .endParty: _ = try codec.decode(EndParty.self, from: envelope)
            case .audience: _ = try codec.decode(AudienceMessage.self, from: envelope)
            case .room: _ = try codec.decode(RoomMessage.self, from: envelope)
            case .team: _ = try codec.decode(TeamMessage.self, from: envelope)
            case .predict: _ = try codec.decode(Predict.self, from: envelope)
            case .predictions: _ = try codec.decode(PredictionsMessage.self, from: envelope)
            case .prediction: _ = try codec.decode(PredictionMessage.self, from: envelope)
            }
            return .success(envelope.type)
        } catch {
            return .failure(error)
        }
    }

    /// The 4-byte big-endian length, then the body.
    static func framed(_ body: [UInt8]) -> [UInt8] { frame(body).bytes }

    static let ready = Array(#"{"type":"ready","seq":2,"ready":true}"#.utf8)
    static let leave = Array(#"{"type":"leave","seq":3}"#.utf8)

    static let streams: [Stream] = [
        Stream(name: "two frames in one read", bytes: framed(ready) + framed(leave), frames: [ready, leave]),
        Stream(name: "empty bodies are frames too", bytes: [0, 0, 0, 0, 0, 0, 0, 0], frames: [[], []]),
        Stream(name: "a header alone is dropped at the end", bytes: [0, 0, 0, 9], frames: []),
        Stream(name: "a short body is dropped at the end", bytes: Array(framed(ready).dropLast()), frames: []),
        Stream(name: "a partial header after a frame is dropped", bytes: framed(leave) + [0, 0], frames: [leave]),
        Stream(name: "a body that starts like a huge length is still a body",
               bytes: framed([0xFF, 0xFF, 0xFF, 0xFF, 0x7B]) + framed(leave), frames: [[0xFF, 0xFF, 0xFF, 0xFF, 0x7B], leave]),
        Stream(name: "a length of exactly the limit waits for its body", bytes: [0, 1, 0, 0, 0x7B], frames: []),
        Stream(name: "one byte over the limit is refused", bytes: [0, 1, 0, 1, 0x7B], frames: [],
               error: .frameTooLarge(length: 65_537, limit: WireProtocol.maxFrameLength)),
        Stream(name: "the largest length prefix is refused", bytes: [0xFF, 0xFF, 0xFF, 0xFF], frames: [],
               error: .frameTooLarge(length: 4_294_967_295, limit: WireProtocol.maxFrameLength)),
        Stream(name: "frames before an oversized one still come out", bytes: framed(ready) + [0x80, 0, 0, 0] + framed(leave),
               frames: [ready], error: .frameTooLarge(length: 2_147_483_648, limit: WireProtocol.maxFrameLength)),
    ]

    @Test("a stream decodes the same in one read and in small reads", arguments: streams)
    func stream(_ stream: Stream) {
        let whole = Self.decode(stream.bytes, sizes: [])
        #expect(whole.frames == stream.frames)
        #expect(whole.error == stream.error)
        for sizes in [[1], [3, 2, 7], [4]] {
            let split = Self.decode(stream.bytes, sizes: sizes)
            #expect(split.frames == stream.frames, "reads of \(sizes)")
            #expect(split.error == stream.error, "reads of \(sizes)")
        }
    }

    static let bodies: [Body] = [
        Body(name: "an empty frame", bytes: [], expected: .failure(.invalidJSON(detail: "empty frame"))),
        Body(name: "an empty object", bytes: Array("{}".utf8), expected: .failure(.missingEnvelope)),
        Body(name: "a JSON null", bytes: Array("null".utf8), expected: .failure(.invalidJSON(detail: "a JSON value that is not an object"))),
        Body(name: "bytes that are not UTF-8", bytes: [0x7B, 0xFF, 0xFE, 0x7D], expected: .failure(.invalidJSON(detail: "not JSON"))),
        Body(name: "a NUL byte after the object", bytes: Array(#"{"type":"leave","seq":1}"#.utf8) + [0],
             expected: .failure(.invalidJSON(detail: "not JSON"))),
        Body(name: "deep nesting is refused, not a stack overflow",
             bytes: Array((#"{"type":"leave","seq":1,"x":"# + String(repeating: "[", count: 10_000)).utf8),
             expected: .failure(.invalidJSON(detail: "not JSON"))),
        Body(name: "a fractional seq", bytes: Array(#"{"type":"leave","seq":1.5}"#.utf8), expected: .failure(.missingEnvelope)),
        Body(name: "a seq past Int.max", bytes: Array(#"{"type":"leave","seq":9223372036854775808}"#.utf8),
             expected: .failure(.missingEnvelope)),
        Body(name: "the type is case-sensitive", bytes: Array(#"{"type":"LEAVE","seq":1}"#.utf8),
             expected: .failure(.unknownType("LEAVE"))),
        Body(name: "an unknown type is cut to 40 characters",
             bytes: Array(#"{"type":"\#(String(repeating: "x", count: 100))","seq":1}"#.utf8),
             expected: .failure(.unknownType(String(repeating: "x", count: 40)))),
        Body(name: "escapes and a surrogate pair in strings",
             bytes: Array(#"{"type":"reject","seq":1,"reason":"\u0000\/","message":"\ud83c\udfb2 \"\\"}"#.utf8),
             expected: .success(.reject)),
        // JSONDecoder reports a number that does not fit without its coding path, so the detail is generic.
        Body(name: "a move column past Int.max", bytes: Array(#"{"type":"move","seq":1,"move":{"column":1e300}}"#.utf8),
             expected: .failure(.invalidFields(type: "move", detail: "\"move.column\" must be a whole number from -9223372036854775808 to 9223372036854775807"))),
        Body(name: "a view with null deadline and extra fields",
             bytes: Array(#"{"type":"view","seq":4,"game":1,"view":{"board":[],"turn":null,"x":[[{}]]},"yourTurn":false,"deadlineMs":null}"#.utf8),
             expected: .success(.view)),
        Body(name: "a lobby with a player missing a field",
             bytes: Array(#"{"type":"lobby","seq":1,"state":"lobby","players":[{"seat":0}],"you":0,"canStart":true,"gamesPlayed":0,"message":""}"#.utf8),
             expected: .failure(.invalidFields(type: "lobby", detail: #"missing field "name" in "players.[0]""#))),
    ]

    @Test("a frame body decodes to its message or to the exact error", arguments: bodies)
    func body(_ body: Body) {
        #expect(Self.message(body.bytes) == body.expected)
    }

    @Test("every body also survives the trip through the frame decoder", arguments: bodies)
    func framedBody(_ body: Body) {
        let out = Self.decode(Self.framed(body.bytes), sizes: [5])
        #expect(out.error == nil)
        #expect(out.frames == [body.bytes])
    }
}
