import PartyClient
import PartyKit
import PartyWire
import Testing
@testable import PartyShell

/// The final standings the host and every client print when a party ends.
@Suite struct StandingsTableTests {
    @Test("the final standings keep their columns with CJK and emoji names, however a terminal measures them: the name comes last")
    func standingsAlign() throws {
        let names = ["王小明", "Bob", "🎉 Party", "❤️ Love", "👨‍👩‍👧 fam", "한국어", "ｱｲｳ", "Ada"]
        var lines = names.enumerated().map {
            RoomScoreLine(place: $0.offset + 1, member: $0.offset, name: $0.element, points: 100 - $0.offset * 7, played: 3, wins: 1,
                          present: $0.offset != 2)
        }
        // A bot is named "Ada" on the wire, its level a field of its own; the table shows its label.
        lines[7].bot = true
        lines[7].level = "normal"
        let table = RoomShell.standingsTable(lines)
        #expect(table.first == "  Place Points  Games  Wins  Name", "\(table)")
        for (row, line) in zip(table.dropFirst(), lines) {
            let name = line.label + (line.present ? "" : " (left)")
            #expect(row.hasSuffix("  " + name), "\(row)")
            // Everything before the name is plain ASCII of one length, so every number sits in the
            // same column on any terminal.
            let before = row.dropLast(name.count)
            #expect(before.unicodeScalars.allSatisfy(\.isASCII) && before.unicodeScalars.count == 29, "\(row)")
        }
        #expect(table.last?.hasSuffix("  Ada · normal (bot)") == true, "\(table)")
    }
}
