import Benchmark
import FourInARow
import NIOCore
import PartyKit
import PartyWire

/// Encoding and decoding the messages a game sends most, one message per iteration.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    let codec = MessageCodec()

    func measure<Message: WireMessage>(_ name: String, _ message: Message) {
        Benchmark("encode \(name)") { benchmark in
            for seq in benchmark.scaledIterations {
                blackHole(try? codec.encode(message, seq: seq + 1))
            }
        }
        guard let body = try? codec.encode(message, seq: 42) else { preconditionFailure("cannot encode \(name)") }
        Benchmark("decode \(name) (\(body.readableBytes) bytes)") { benchmark in
            for _ in benchmark.scaledIterations {
                guard let envelope = try? codec.envelope(of: body) else { preconditionFailure("bad envelope") }
                blackHole(try? codec.decode(Message.self, from: envelope))
            }
        }
    }

    measure("move", MoveMessage(move: FourInARowMove(column: 4)))
    measure("view", SampleMessages.view)
    measure("lobby", SampleMessages.lobby)
    measure("hello", Hello(client: "partyclient", name: "Ada", game: "fourinarow"))
    measure("heartbeat", Heartbeat())
}
