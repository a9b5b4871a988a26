import Foundation
import FourInARow
import PartyKit
import PartyServer
import Snap
import SunTouch
import TwentyFour

/// The four games a hostile-input case can run against, each served by its own loopback host.
enum HostileGame: String, Sendable {
    case fourInARow, twentyFour, snap, sunTouch

    /// Whether the host's player must send `start` (the game allows a choice of player counts).
    var hostStarts: Bool { self == .twentyFour || self == .snap }

    /// Runs a host of this game with short timeouts (and `code`, if any) for the duration of `body`,
    /// which gets the host key and the port.
    func serve(code: String?, _ body: @escaping @Sendable (String, Int) async throws -> Void) async throws {
        let options = HostOptions.test(code: code)
        switch self {
        case .fourInARow:
            try await withHost(FourInARow.self, options: options) { host, port in try await body(host.hostKey, port) }
        case .twentyFour:
            await TwentyFourLoopbackTests.warmUpSolver()
            try await withHost(TwentyFour.self, configuration: TwentyFourConfiguration(roundSeconds: 120, pauseSeconds: 1),
                               options: options) { host, port in try await body(host.hostKey, port) }
        case .snap:
            try await withHost(Snap.self, configuration: SnapConfiguration(turnSeconds: 60, turnLimit: 1000),
                               options: options) { host, port in try await body(host.hostKey, port) }
        case .sunTouch:
            try await withHost(SunTouch.self, options: options) { host, port in try await body(host.hostKey, port) }
        }
    }

    /// A move that is legal for `seat` in the game as the harness set it up (`stage`), as JSON.
    func legalMove(stage: HostileStage) -> String {
        switch (self, stage) {
        case (.fourInARow, _): #"{"column": 4}"#
        case (.twentyFour, _): #"{"kind": "giveUp"}"#
        case (.snap, _): #"{"turn": {}}"#
        case (.sunTouch, .tossing): #"{"toss": {"value": 2}}"#
        case (.sunTouch, .playing): #"{"strike": {"x": 0.5, "y": 0.5, "radius": 0.1}}"#
        }
    }
}

/// How far the witness game is when the bad input arrives.
enum HostileStage: Sendable {
    /// The game is in full play (Snap dealt, SunTouch tossed, TwentyFour in a round).
    case playing
    /// SunTouch only: Alice has tossed, Bob has not.
    case tossing
}

/// Who sends the bad input.
enum HostileActor: Sendable {
    /// A fresh connection that has not said hello.
    case stranger
    /// A connection welcomed as a spectator of the running game.
    case spectator
    /// The seated player whose turn it is (Alice for simultaneous games).
    case onTurn
    /// The other seated player.
    case offTurn
}

/// What a payload may depend on: the game as the sender sees it.
struct HostileContext: Sendable {
    /// The `seq` the sender's next message should carry.
    var seq: Int
    /// TwentyFour: the challenge's four numbers.
    var numbers: [Int]
    /// Snap: the table number of the latest view.
    var table: Int
}

/// Builds the byte chunks of bad inputs.
enum Bytes {
    /// A frame with a correct big-endian length prefix around `body`.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        let n = UInt32(body.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + body
    }

    /// A frame around UTF-8 text.
    static func frame(_ text: String) -> [UInt8] { frame(Array(text.utf8)) }

    /// A length prefix alone.
    static func prefix(_ length: UInt32) -> [UInt8] {
        [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
    }

    /// A hello frame from a client called `name` with extra JSON fields (text without braces).
    static func hello(seq: Int, name: String = "Mallory", _ extra: String = "") -> [UInt8] {
        let more = extra.isEmpty ? "" : ", \(extra)"
        return frame(#"{"type": "hello", "seq": \#(seq), "protocol": 1, "client": "t", "clientVersion": "1", "name": "\#(name)"\#(more)}"#)
    }

    /// A move frame whose `move` is `json`.
    static func move(seq: Int, _ json: String) -> [UInt8] {
        frame(#"{"type": "move", "seq": \#(seq), "move": \#(json)}"#)
    }
}

/// Reading replies and views from a raw client, in the terms the hostile suite checks.
extension RawClient {
    /// Message types that answer a client's message (everything else is unsolicited).
    static let replyTypes: Set<String> = ["error", "moveRejected", "reject", "welcome"]

    /// The next frame that answers something we sent, or nil when the host closed the connection.
    mutating func nextReply() async throws -> [String: Any]? {
        while let message = try await next() {
            if Self.replyTypes.contains(message["type"] as? String ?? "") { return message }
        }
        return nil
    }

    /// Reads views until one satisfies `condition` (its `view` object); nil when the connection closes.
    mutating func view(where condition: ([String: Any]) -> Bool) async throws -> [String: Any]? {
        while let message = try await next("view") {
            if condition(message["view"] as? [String: Any] ?? [:]) { return message }
        }
        return nil
    }
}

/// A few hand-made expressions for TwentyFour payloads.
enum TwentyFourText {
    /// An expression using each of `numbers` once that divides by zero, if the numbers allow one.
    static func divisionByZero(_ numbers: [Int]) -> String? {
        for p in permutations(numbers) {
            let (a, b, c, d) = (p[0], p[1], p[2], p[3])
            if b - c - d == 0 { return "\(a)/(\(b)-\(c)-\(d))" }
            if b - c == 0 { return "\(a)*\(d)/(\(b)-\(c))" }
            if b + c - d == 0 { return "\(a)/(\(b)+\(c)-\(d))" }
            if b * c - d == 0 { return "\(a)/(\(b)*\(c)-\(d))" }
            if b - c * d == 0 { return "\(a)/(\(b)-\(c)*\(d))" }
        }
        return nil
    }

    /// Every ordering of four numbers.
    static func permutations(_ numbers: [Int]) -> [[Int]] {
        guard numbers.count > 1 else { return [numbers] }
        return numbers.indices.flatMap { index -> [[Int]] in
            var rest = numbers
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// A number from 1 to 13 that the challenge does not contain.
    static func foreignNumber(_ numbers: [Int]) -> Int {
        (1...13).first { !numbers.contains($0) } ?? 99
    }
}
