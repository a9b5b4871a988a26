import Foundation
import NIOCore
import NIOEmbedded
import PartyWire
import Testing

/// The watchdog on an `EmbeddedChannel`, driven with `advanceTime(by:)`.
///
/// `ConnectionWatchdog` measures time with `NIODeadline.now()` (the machine's clock) while its checks
/// are scheduled on the event loop, so a limit is only seen as passed when both clocks have moved on.
/// `elapse` therefore waits the same amount of real time before advancing the loop, and the tests that
/// say "not yet" use limits far longer than any real time the test takes. (Were the watchdog to read
/// `context.eventLoop.now`, every test here would still hold; the real waits would just be redundant.)
@Suite("ConnectionWatchdog")
struct ConnectionWatchdogTests {
    /// An active channel with only a watchdog.
    static func channel(handshakeMs: Int64, peerMs: Int64) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handlers: [
            ConnectionWatchdog(handshakeTimeout: .milliseconds(handshakeMs), peerTimeout: .milliseconds(peerMs)),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        return channel
    }

    /// Lets `milliseconds` pass on the machine's clock and then on the channel's event loop.
    static func elapse(_ channel: EmbeddedChannel, milliseconds: Int64) {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(milliseconds))
    }

    /// The error the watchdog fired, if any (clears it).
    static func firedError(_ channel: EmbeddedChannel) -> (any Error)? {
        do {
            try channel.throwIfErrorCaught()
            return nil
        } catch {
            return error
        }
    }

    @Test("without handshakeCompleted the handshake limit fires")
    func handshakeTimeout() throws {
        let channel = try Self.channel(handshakeMs: 40, peerMs: 60_000)
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) as? WatchdogTimeout == .handshake)
        // It fires once only.
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) == nil)
    }

    @Test("reads do not count as a handshake")
    func readsAreNotAHandshake() throws {
        let channel = try Self.channel(handshakeMs: 60, peerMs: 60_000)
        for _ in 0..<2 {
            try channel.writeInbound(ByteBuffer(string: "x"))
            Self.elapse(channel, milliseconds: 20)
        }
        #expect(try channel.readInbound(as: ByteBuffer.self)?.text == "x")
        Self.elapse(channel, milliseconds: 60)
        #expect(Self.firedError(channel) as? WatchdogTimeout == .handshake)
    }

    @Test("with handshakeCompleted the handshake limit does not fire")
    func handshakeCompleted() throws {
        let channel = try Self.channel(handshakeMs: 40, peerMs: 60_000)
        channel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) == nil)
    }

    @Test("nothing fires before the handshake limit")
    func notBeforeTheLimit() throws {
        let channel = try Self.channel(handshakeMs: 60_000, peerMs: 120_000)
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(Self.firedError(channel) == nil)
    }

    @Test("after the handshake, silence longer than the peer limit fires")
    func silence() throws {
        let channel = try Self.channel(handshakeMs: 60_000, peerMs: 40)
        channel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) as? WatchdogTimeout == .silentPeer)
    }

    @Test("silence counts during the handshake too")
    func silenceBeforeHandshake() throws {
        let channel = try Self.channel(handshakeMs: 60_000, peerMs: 40)
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) as? WatchdogTimeout == .silentPeer)
    }

    @Test("a peer that keeps talking is not silent")
    func talkingPeer() throws {
        let channel = try Self.channel(handshakeMs: 60_000, peerMs: 600)
        channel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
        for _ in 0..<16 {
            try channel.writeInbound(ByteBuffer(string: "beat"))
            Self.elapse(channel, milliseconds: 50)
        }
        #expect(Self.firedError(channel) == nil)
        Self.elapse(channel, milliseconds: 800)
        #expect(Self.firedError(channel) as? WatchdogTimeout == .silentPeer)
    }

    @Test("reads pass through unchanged and other events are forwarded")
    func passThrough() throws {
        let recorder = EventRecorder()
        let channel = EmbeddedChannel(handlers: [
            ConnectionWatchdog(handshakeTimeout: .seconds(60), peerTimeout: .seconds(60)), recorder,
        ])
        try channel.writeInbound(ByteBuffer(string: "payload"))
        #expect(try channel.readInbound(as: ByteBuffer.self)?.text == "payload")
        channel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
        channel.pipeline.fireUserInboundEventTriggered("other")
        #expect(recorder.events == ["other"])
    }

    @Test("closing the channel stops the checks")
    func closeStops() throws {
        let channel = try Self.channel(handshakeMs: 40, peerMs: 40)
        try channel.close().wait()
        Self.elapse(channel, milliseconds: 80)
        #expect(Self.firedError(channel) == nil)
    }

    @Test("timeouts read well", arguments: [
        (WatchdogTimeout.handshake, "The handshake did not complete in time."),
        (.silentPeer, "Nothing arrived from the other side for too long (no heartbeat)."),
    ])
    func descriptions(timeout: WatchdogTimeout, text: String) {
        #expect(timeout.description == text)
    }
}

/// Records the user events that reach the end of the pipeline, as strings.
final class EventRecorder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    var events: [String] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        events.append("\(event)")
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }
}
