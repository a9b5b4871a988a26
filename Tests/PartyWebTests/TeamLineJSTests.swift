import Foundation
import PartyWire
import Testing

/// The phone and the terminal word a team's line and a held seat's countdown by one rule each:
/// Web/dom.js `teamLine`, `awayText` and `seconds` (run by node) write exactly what Swift's
/// `TeamMessage.line`, `PlayerLabel.reconnecting` and `PlayerLabel.seconds` write, case by case.
@Suite("The phone's team line and countdowns match the terminal's")
struct TeamLineJSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `body` (JavaScript that prints lines) after importing Web/dom.js as `m`.
    static func node(_ body: String) throws -> [String] {
        let dom = root.appendingPathComponent("Web/dom.js").absoluteString
        let text = try NodeScript.run(["-e", "import(\"\(dom)\").then((m) => { \(body) })"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static let teams: [TeamMessage] = [
        TeamMessage(game: 1, seat: 0, name: "Team Ann & Bob", members: [], proposals: [], windowMs: nil, majority: 2),
        TeamMessage(game: 1, seat: 0, name: "Team Ann & Bob", members: [], proposals: [], windowMs: nil, majority: 1, moves: .proposed),
        TeamMessage(game: 2, seat: 1, name: "Team Alice & Finn", members: [], proposals: [], windowMs: nil, majority: 2, moves: .direct),
        TeamMessage(game: 1, seat: 0, name: "Team Ann, Cy & Eve", members: [],
                    proposals: [TeamProposal(name: "Ann", label: "Drop in column 1", votes: 1),
                                TeamProposal(name: "<b>Cy</b>", label: "Drop in column 4", votes: 1)],
                    windowMs: 9001, majority: 2, moves: .proposed),
        TeamMessage(game: 3, seat: 0, name: "Team 🦄 مريم & Bo", members: [],
                    proposals: [TeamProposal(name: "Bo", label: "Paper", votes: 1)], windowMs: 0, majority: 2, moves: .proposed),
        TeamMessage(game: 3, seat: 0, name: "Team Ann & Bo", members: [],
                    proposals: [TeamProposal(name: "Bo", label: "Paper", votes: 1)], windowMs: nil, majority: 2),
    ]

    @Test("teamLine() writes what TeamMessage.line writes, for proposals, direct moves and open windows",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func teamLines() throws {
        let json = String(decoding: try JSONEncoder().encode(Self.teams), as: UTF8.self)
        let lines = try Self.node("for (const t of \(json)) console.log(m.teamLine(t));")
        #expect(lines == Self.teams.map(\.line))
        #expect(Self.teams[2].line == "Team Alice & Finn — any member's move plays at once")
    }

    @Test("seconds() and awayText() round as PlayerLabel does (up, never below 0)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func countdowns() throws {
        let cases: [Int64] = [-5000, -1, 0, 1, 999, 1000, 1001, 29_999, 30_000, 61_500]
        let lines = try Self.node("for (const ms of \(cases)) console.log(m.seconds(ms) + ' | ' + m.awayText('Cy', ms));")
        #expect(lines == cases.map { "\(PlayerLabel.seconds($0)) s | \(PlayerLabel.reconnecting("Cy", milliseconds: $0))" })
        #expect(PlayerLabel.reconnecting("Cy", milliseconds: 1) == "Cy is reconnecting… 1 s")
    }

    @Test("the page builds its team line and held seats with these, not its own copies")
    func used() throws {
        let app = try String(contentsOf: Self.root.appendingPathComponent("Web/app.js"), encoding: .utf8)
        #expect(app.contains("teamLine(state.team, Date.now() - state.teamAt)"))
        #expect(app.contains("awayText(p.name, p.graceMs - (Date.now() - state.lobbyAt))"))
        #expect(!app.contains("function teamLine"))
        #expect(!app.contains("is reconnecting… ${"))
    }
}
