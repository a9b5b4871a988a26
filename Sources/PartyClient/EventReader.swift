import NIOCore
import PartyWire

/// Turns the host's frames into `ClientEvent`s.
struct EventReader: Sendable {
    let channel: any Channel

    func run(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>, into events: AsyncStream<ClientEvent>.Continuation) async {
        let codec = MessageCodec()
        var closing = "the host closed the connection"
        do {
            for try await frame in inbound {
                guard let envelope = try? codec.envelope(of: frame) else { continue }
                let event = Self.event(of: envelope, codec: codec)
                if let event {
                    events.yield(event)
                    if case .ended(let ended) = event { closing = ended.message }
                }
            }
        } catch let timeout as WatchdogTimeout {
            closing = timeout == .silentPeer ? "the host stopped answering" : "the host did not answer hello"
        } catch {
            closing = "the connection failed: \(error)"
        }
        events.yield(.disconnected(closing))
        events.finish()
        channel.close(promise: nil)
    }

    /// What a client makes of one message from the host (nil: nothing a client reacts to).
    static func event(of envelope: Envelope, codec: MessageCodec) -> ClientEvent? {
        switch envelope.type {
        case .welcome: (try? codec.decode(Welcome.self, from: envelope)).map(ClientEvent.welcome)
        case .reject: (try? codec.decode(Reject.self, from: envelope)).map(ClientEvent.rejected)
        case .lobby: (try? codec.decode(Lobby.self, from: envelope)).map(ClientEvent.lobby)
        case .view: .view(envelope)
        case .moveRejected: (try? codec.decode(MoveRejected.self, from: envelope)).map(ClientEvent.moveRejected)
        case .gameOver: (try? codec.decode(GameOver.self, from: envelope)).map(ClientEvent.gameOver)
        case .playerLeft: (try? codec.decode(PlayerLeft.self, from: envelope)).map(ClientEvent.playerLeft)
        case .ended: (try? codec.decode(Ended.self, from: envelope)).map(ClientEvent.ended)
        case .room: (try? codec.decode(RoomMessage.self, from: envelope)).map(ClientEvent.room)
        case .team: (try? codec.decode(TeamMessage.self, from: envelope)).map(ClientEvent.team)
        case .predictions: (try? codec.decode(PredictionsMessage.self, from: envelope)).map(ClientEvent.predictions)
        case .prediction: (try? codec.decode(PredictionMessage.self, from: envelope)).map(ClientEvent.prediction)
        case .error: (try? codec.decode(ErrorMessage.self, from: envelope)).map(ClientEvent.error)
        case .heartbeat, .hello, .ready, .start, .move, .typedMove, .rematch, .leave, .vote, .predict, .remove, .endParty, .audience: nil
        }
    }
}
