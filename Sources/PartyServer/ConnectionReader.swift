import Logging
import NIOCore
import PartyKit
import PartyWire

/// Reads one connection's frames: the handshake first, then every message to the session.
/// Bad input gets an `error` message; only what makes the stream unreadable closes the connection.
struct ConnectionReader<Rules: GameRules>: Sendable {
    let session: Session<Rules>
    let peer: PeerLink
    let channel: any Channel
    let logger: Logger
    var rate: RateLimiter

    func run(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async {
        var rate = self.rate
        let codec = MessageCodec()
        var welcomed = false
        var lastSeq = 0
        do {
            for try await frame in inbound {
                switch rate.admit() {
                case .allowed:
                    break
                case .warned:
                    peer.send(ErrorMessage(reason: "slowDown",
                                           message: "You are sending messages too fast; slow down or you will be disconnected."))
                    continue
                case .exceeded:
                    peer.send(ErrorMessage(reason: "tooManyMessages",
                                           message: "You sent messages too fast after a warning and were disconnected.", fatal: true))
                    await session.remove(peerID: peer.id, reason: .protocolError)
                    peer.close()
                    return
                }
                let envelope: Envelope
                do {
                    envelope = try codec.envelope(of: frame)
                } catch {
                    peer.send(ErrorMessage(reason: error.reason, message: error.description))
                    continue
                }
                guard envelope.seq > lastSeq else {
                    let error = WireError.badSequence(got: envelope.seq, previous: lastSeq)
                    peer.send(ErrorMessage(reason: error.reason, message: error.description, inReplyTo: envelope.seq))
                    continue
                }
                lastSeq = envelope.seq
                if welcomed {
                    await session.receive(envelope, from: peer.id)
                    if envelope.type == .leave { return }
                    continue
                }
                guard envelope.type == .hello else {
                    peer.send(ErrorMessage(reason: "handshakeRequired",
                                           message: "The first message must be hello, not \(envelope.type.rawValue).",
                                           inReplyTo: envelope.seq, fatal: true))
                    peer.close()
                    return
                }
                let hello: Hello
                do {
                    hello = try codec.decode(Hello.self, from: envelope)
                } catch {
                    peer.send(Reject(reason: "badHello", message: error.description))
                    peer.close()
                    return
                }
                let delay = await session.codeDelay(for: peer.address)
                if delay > .zero { try? await Task.sleep(for: delay) }
                switch await session.admit(hello, peer: peer) {
                case .welcomed:
                    welcomed = true
                    channel.pipeline.fireUserInboundEventTriggered(WatchdogEvent.handshakeCompleted)
                case .rejected(let reject):
                    peer.send(reject)
                    peer.close()
                    return
                }
            }
            await session.remove(peerID: peer.id, reason: peer.flags.stuck ? .stuck : .connectionClosed)
        } catch {
            let reason: DepartureReason
            switch error {
            case let wire as WireError:
                peer.send(ErrorMessage(reason: wire.reason, message: wire.description, fatal: true))
                reason = .protocolError
            case WatchdogTimeout.handshake:
                peer.send(ErrorMessage(reason: "handshakeTimeout", message: WatchdogTimeout.handshake.description, fatal: true))
                reason = .timedOut
            case WatchdogTimeout.silentPeer:
                peer.send(ErrorMessage(reason: "timeout", message: WatchdogTimeout.silentPeer.description, fatal: true))
                reason = .timedOut
            default:
                reason = peer.flags.stuck ? .stuck : .connectionClosed
            }
            logger.debug("connection \(peer.id) failed: \(error)")
            await session.remove(peerID: peer.id, reason: reason)
        }
        peer.close()
    }
}

/// Why a player is no longer at the table.
enum DepartureReason: Sendable {
    /// They said leave.
    case left
    /// The connection closed without a goodbye.
    case connectionClosed
    /// Their heartbeats stopped.
    case timedOut
    /// They sent something that made the stream unreadable.
    case protocolError
    /// Their outgoing queue overflowed: they stopped reading.
    case stuck

    /// Whether the player may come back to a held seat.
    var mayReconnect: Bool {
        switch self {
        case .connectionClosed, .timedOut: true
        case .left, .protocolError, .stuck: false
        }
    }

    func message(for name: String) -> String {
        switch self {
        case .left: "\(name) left the game."
        case .connectionClosed: "\(name)'s connection closed."
        case .timedOut: "\(name) stopped answering (connection lost)."
        case .protocolError: "\(name) was disconnected after a protocol error."
        case .stuck: "\(name) stopped reading and was disconnected."
        }
    }
}
