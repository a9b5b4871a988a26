import Foundation
import NIOCore
import PartyKit
import PartyWire
import RockPaperScissors
import Testing

/// PROTOCOL.md section 9's Rock Paper Scissors part (issue "The room must never stick", point 12):
/// its views are what the host's encoder writes for real games, its moves decode, and it names
/// every rejection with its sentence.
@Suite("PROTOCOL.md's Rock Paper Scissors section is what the host sends")
struct RockPaperScissorsDocTests {
    /// The lines of PROTOCOL.md's Rock Paper Scissors section (up to the next section).
    static let section: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("### Rock Paper Scissors (`rps`") }) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") || $0.hasPrefix("### ") } ?? lines.count
        return Array(lines[start..<end])
    }()

    static func at(_ milliseconds: Int64) -> GameInstant { GameInstant(milliseconds: milliseconds) }

    static let seats = [Seat(id: SeatID(0), name: "Ann"), Seat(id: SeatID(1), name: "Bob")]

    /// The examples, from real games: Ann has chosen in round 1 (her view); Bob's choice reveals
    /// the round (his view); a one-round game over (a spectator's view).
    static func exampleViews() throws -> [RockPaperScissorsView] {
        var rules = RockPaperScissors(setup: GameSetup(seats: seats, seed: 1))
        try rules.apply(RockPaperScissorsMove(shape: .rock), from: SeatID(0), at: at(2000))
        let choosing = rules.view(for: .seat(SeatID(0)), at: at(2500))
        try rules.apply(RockPaperScissorsMove(shape: .scissors), from: SeatID(1), at: at(3000))
        let reveal = rules.view(for: .seat(SeatID(1)), at: at(3000))
        var short = RockPaperScissors(setup: GameSetup(seats: seats, configuration: RockPaperScissorsConfiguration(rounds: 1), seed: 1))
        try short.apply(RockPaperScissorsMove(shape: .paper), from: SeatID(0), at: at(1000))
        try short.apply(RockPaperScissorsMove(shape: .rock), from: SeatID(1), at: at(1500))
        let over = short.view(for: .spectator, at: at(1500))
        return [choosing, reveal, over]
    }

    /// The `view` object of a `view` message as the host's codec writes it.
    static func hostJSON(_ view: RockPaperScissorsView) throws -> String {
        var buffer = try MessageCodec().encode(ViewMessage(game: 1, view: view, yourTurn: false, deadlineMs: nil), seq: 1)
        buffer.moveReaderIndex(forwardBy: 4)
        let text = String(buffer: buffer)
        guard let key = text.range(of: "\"view\":") else { return "" }
        let characters = Array(text[key.upperBound...])
        var depth = 0
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" { index += 1 } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" {
                depth += 1
            } else if character == "}" {
                depth -= 1
                if depth == 0 { return String(characters[...index]) }
            }
            index += 1
        }
        return ""
    }

    @Test("the section's view examples are the host's JSON for real games, in order")
    func viewsAreTheHostsJSON() throws {
        let documented = Self.section.filter { $0.hasPrefix("{\"round\"") }
        let sent = try Self.exampleViews().map(Self.hostJSON)
        #expect(documented == sent, "PROTOCOL.md has:\n\(documented.joined(separator: "\n"))\nthe host sends:\n\(sent.joined(separator: "\n"))")
    }

    @Test("the section's move examples decode as moves; every rejection is named with its sentence")
    func movesAndRejections() throws {
        let moves = Self.section.filter { $0.hasPrefix("{\"type\":\"move\"") }
        #expect(moves.count == 3, "\(Self.section.joined(separator: "\n"))")
        for line in moves {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let move = try JSONSerialization.data(withJSONObject: try #require(object["move"]))
            #expect(throws: Never.self, "\(line)") { try JSONDecoder().decode(RockPaperScissorsMove.self, from: move) }
        }
        let text = Self.section.joined(separator: " ")
        let rejections: [RockPaperScissorsRejection] = [.gameOver, .notInRound, .roundRevealed, .alreadyChosen, .timeUp]
        for rejection in rejections {
            #expect(text.contains("`\(rejection.code)` (\(rejection.description))"), "\(rejection.code) missing")
        }
    }
}
