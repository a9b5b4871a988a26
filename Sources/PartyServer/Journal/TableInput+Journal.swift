import Foundation
import NIOCore
import PartyKit
import PartyWire

/// A table input as a journal entry and back. The inputs of every move (`message`) and of the
/// clock (`tick`) are written without an encoder: the frame as it came, or nothing at all.
extension TableInput {
    /// This input as entry `sequence` at `instant`.
    func journalEntry(sequence: Int64, instant: GameInstant) -> JournalEntry {
        switch self {
        case .message(let peer, let envelope):
            return JournalEntry(sequence: sequence, instant: instant.milliseconds, kind: "message", peer: peer,
                                body: String(buffer: envelope.body))
        case .tick:
            return JournalEntry(sequence: sequence, instant: instant.milliseconds, kind: "tick", peer: 0, body: "")
        case .departed(let peer, let reason):
            return JournalEntry(sequence: sequence, instant: instant.milliseconds, kind: "departed", peer: peer, body: reason.rawValue)
        case .hello(let peer, _, _, _):
            return JournalEntry(sequence: sequence, instant: instant.milliseconds, kind: "hello", peer: peer, body: Self.json(self))
        case .end:
            return JournalEntry(sequence: sequence, instant: instant.milliseconds, kind: "end", peer: 0, body: Self.json(self))
        }
    }

    /// The input `entry` records.
    init(journal entry: JournalEntry) throws(JournalError) {
        do {
            switch entry.kind {
            case "message":
                self = .message(peer: entry.peer, envelope: try MessageCodec().envelope(of: ByteBuffer(string: entry.body)))
            case "tick":
                self = .tick
            case "departed":
                guard let reason = DepartureReason(rawValue: entry.body) else {
                    throw JournalError.damagedEntry(sequence: entry.sequence, detail: "no departure reason \(entry.body)")
                }
                self = .departed(peer: entry.peer, reason: reason)
            case "hello", "end":
                self = try JSONDecoder().decode(TableInput.self, from: Data(entry.body.utf8))
            default:
                throw JournalError.damagedEntry(sequence: entry.sequence, detail: "no input of kind \(entry.kind)")
            }
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError.damagedEntry(sequence: entry.sequence, detail: "\(error)")
        }
    }

    private static func json(_ input: TableInput) -> String {
        // Encoding a hello or an end cannot fail (strings and numbers only).
        (try? JSONEncoder().encode(input)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension JournalEntry {
    /// The name a player's `hello` gave, when this entry is one (not a spectator's).
    public var playerName: String? {
        guard kind == "hello", case .hello(_, _, let hello, _)? = try? TableInput(journal: self),
              hello.role != "spectator" else { return nil }
        return hello.name
    }
}
