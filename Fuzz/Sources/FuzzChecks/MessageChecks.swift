import FourInARow
import NIOCore
import PartyKit
import PartyWire
import Snap
import SunTouch
import TwentyFour

/// Reads a frame body the way host and client do and checks that every message that decodes also
/// encodes and decodes again to the same value. Any broken promise traps, which libFuzzer reports.
public enum MessageChecks {
    /// Runs every check on one frame body.
    public static func check(body: [UInt8]) {
        check(body: ByteBuffer(bytes: body))
    }

    /// Runs every check on one frame body held in a buffer.
    public static func check(body: ByteBuffer) {
        let codec = MessageCodec()
        let envelope: Envelope
        do {
            envelope = try codec.envelope(of: body)
        } catch {
            // The text goes to the peer in an `error` message, so building it must not trap either.
            _ = error.description
            _ = error.reason
            return
        }
        switch envelope.type {
        case .hello: same(Hello.self, envelope)
        case .ready: same(Ready.self, envelope)
        case .start: same(Start.self, envelope)
        case .rematch: same(Rematch.self, envelope)
        case .leave: same(Leave.self, envelope)
        case .typedMove: same(TypedMove.self, envelope)
        case .heartbeat: same(Heartbeat.self, envelope)
        case .welcome: same(Welcome.self, envelope)
        case .reject: same(Reject.self, envelope)
        case .lobby: same(Lobby.self, envelope)
        case .moveRejected: same(MoveRejected.self, envelope)
        case .gameOver: same(GameOver.self, envelope)
        case .playerLeft: same(PlayerLeft.self, envelope)
        case .ended: same(Ended.self, envelope)
        case .error: same(ErrorMessage.self, envelope)
        case .vote: same(Vote.self, envelope)
        case .room: same(RoomMessage.self, envelope)
        case .team: same(TeamMessage.self, envelope)
        case .predict: same(Predict.self, envelope)
        case .predictions: same(PredictionsMessage.self, envelope)
        case .prediction: same(PredictionMessage.self, envelope)
        case .move:
            move(FourInARowGame.self, envelope)
            move(TwentyFourGame.self, envelope)
            move(SnapGame.self, envelope)
            move(SunTouchGame.self, envelope)
        case .view:
            view(FourInARowGame.self, envelope)
            view(TwentyFourGame.self, envelope)
            view(SnapGame.self, envelope)
            view(SunTouchGame.self, envelope)
            roundTrip(ViewMessage<PlainTextView<JSONValue>>.self, envelope) {
                $0.game == $1.game && $0.view == $1.view && $0.yourTurn == $1.yourTurn && $0.deadlineMs == $1.deadlineMs
            }
        }
    }

    /// The body as a move of `Game`, the way the host reads it.
    static func move<Game: PartyGame>(_: Game.Type, _ envelope: Envelope) {
        roundTrip(MoveMessage<Game.Rules.Move>.self, envelope) { $0.move == $1.move && $0.seat == $1.seat }
    }

    /// The body as a view of `Game`, the way the client reads it.
    static func view<Game: PartyGame>(_: Game.Type, _ envelope: Envelope) {
        roundTrip(ViewMessage<Game.Rules.View>.self, envelope) {
            $0.game == $1.game && $0.view == $1.view && $0.yourTurn == $1.yourTurn && $0.deadlineMs == $1.deadlineMs
        }
    }

    /// `roundTrip` for a message that is `Equatable`.
    static func same<Message: WireMessage & Equatable>(_ type: Message.Type, _ envelope: Envelope) {
        roundTrip(type, envelope, equal: ==)
    }

    /// Decodes the body as `Message`; if that works, encodes it with the same `seq`, reads it back and
    /// traps unless the envelope and the message come out the same.
    static func roundTrip<Message: WireMessage>(
        _: Message.Type, _ envelope: Envelope, equal: (Message, Message) -> Bool
    ) {
        let codec = MessageCodec()
        let message: Message
        do {
            message = try codec.decode(Message.self, from: envelope)
        } catch {
            _ = error.description
            return
        }
        // Encoding may refuse a value JSON cannot hold (an infinite Double); that is not a crash.
        guard let again = try? codec.encode(message, seq: envelope.seq) else { return }
        do {
            let second = try codec.envelope(of: again)
            guard second.type == Message.type, second.seq == envelope.seq else {
                fatalError("\(Message.self): envelope changed to \(second.type) \(second.seq) from \(envelope.seq)")
            }
            let decoded = try codec.decode(Message.self, from: second)
            guard equal(message, decoded) else {
                fatalError("\(Message.self): a decoded message encodes to a different one: \(message) vs \(decoded)")
            }
        } catch {
            fatalError("\(Message.self): a decoded message does not decode after encoding: \(error)")
        }
    }
}
