import Logging
import NIOCore
import PartyKit
import PartyWire

/// What the table asks the host to do after an input, in order. The host turns each into a write,
/// a close or a status; the table itself never touches a connection.
enum TableEffect: Sendable {
    /// Send one message to one connection.
    case send(TableMessage, to: Int)
    /// Send one message to many connections alike (the host encodes it once when they are many).
    case sendMany(TableMessage, to: [Int])
    /// The game's views for the connections the table chose.
    case views(TableViews)
    /// Close a connection once what was sent to it is written.
    case close(Int)
    /// Close a connection at once, written or not (a seat taken over by a new connection).
    case abort(Int)
    /// The session's status changed (discovery and the host's screen show it).
    case status(SessionStatus)
    /// A line for the host's log.
    case log(Logger.Level, String, metadata: [String: String])
    /// The session ended: no input changes the table any more.
    case ended
}

/// A message the table sends, its type erased (the host opens it again to encode it).
struct TableMessage: Sendable {
    /// The message.
    let message: any WireMessage

    init(_ message: some WireMessage) {
        self.message = message
    }
}

/// Where a table's views are written: the host's connections, or a recording (a test's, a
/// replay's). One concrete type, so that writing a view is specialised, not a call through a protocol.
struct ViewOutput {
    /// The host's connections, by id.
    var links: [Int: PeerLink] = [:]
    /// Where a recording keeps what was written, in order (nil: write to `links`).
    var recording: ViewRecording?

    /// Sends `message` to connection `peer`.
    func send(_ message: some WireMessage, to peer: Int) {
        if let recording {
            recording.sent.append((peer, (try? MessageCodec().encode(message, seq: 0)) ?? ByteBuffer()))
        } else {
            links[peer]?.send(message)
        }
    }

    /// Sends a message encoded once for many connections to connection `peer`.
    func send(_ shared: SharedMessage, to peer: Int) {
        if let recording {
            recording.sent.append((peer, shared.body(seq: 0)))
        } else {
            links[peer]?.send(shared)
        }
    }
}

/// The views a `ViewOutput` recorded: each connection's message, numbered 0.
final class ViewRecording {
    /// Connection and bytes, in the order written.
    var sent: [(Int, ByteBuffer)] = []

    init() {}
}

/// The game's views as they stood after a change, for the connections the table chose: written
/// when the host carries the effect out, each view made from the game's state of that moment.
/// The game is a value, so keeping it here keeps that state (shared with the table's until the
/// table changes it: the host carries effects out before the next input, so a move never copies it).
struct TableViews: Sendable {
    /// The game as it was.
    let game: any TableGame
    /// Who gets which view.
    let audience: ViewAudience
    /// The instant of the views (their deadlines count from it).
    let now: GameInstant

    /// Writes every chosen connection its view.
    func write(to output: ViewOutput) {
        game.writeViews(for: audience, at: now, to: output)
    }
}

/// Who gets a view: a connection, the seat whose view it sees (nil: the spectator view), and
/// whether it gets plain text (its client lacks the game's presenter).
struct ViewRecipient: Sendable {
    let peer: Int
    let seat: Int?
    let plainText: Bool
}
