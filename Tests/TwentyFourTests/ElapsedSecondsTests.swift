import Foundation
import PartyKit
import PartyTestSupport
import Testing
@testable import TwentyFour

/// One rule for a solver's time everywhere: the host's reply ("Correct! 24 in 9.29 seconds."), the
/// terminal's results and the phone's results list all cut to hundredths, never round.
@Suite("TwentyFour's elapsed seconds: one rounding")
struct ElapsedSecondsTests {
    static let samples: [Int64] = [0, 5, 9, 10, 994, 995, 999, 1000, 9290, 9295, 9299, 12_345, 59_999, 100_000]

    @Test("the phone's results list writes every time as the host does (Web/dom.js stopwatch, run by node)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func phoneMatchesHost() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dom = root.appendingPathComponent("Web/dom.js")
        let script = "import(\(Self.quoted(dom.absoluteString))).then((m) => console.log(\(Self.samples).map((ms) => m.stopwatch(ms)).join(' ')))"
        let phone = try await Spawned.running("/usr/bin/node", ["-e", script]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(phone == Self.samples.map(TwentyFourView.seconds).joined(separator: " "))
        // The results list uses it (not toFixed, which rounds 9299 to "9.30").
        let page = try String(contentsOf: root.appendingPathComponent("Games/TwentyFour/Web/twentyfour.js"), encoding: .utf8)
        #expect(page.contains("${stopwatch(r.ms)} s") && !page.contains("toFixed"))
    }

    @Test("the host's reply and the results line agree for 9299 ms: 9.29")
    func replyAndResults() {
        #expect(TwentyFourView.seconds(9299) == "9.29")
        #expect(TwentyFourView.Row(seat: SeatID(0), name: "Ann", standing: .solved, ms: 9299).line == "Ann: 9.29 seconds")
    }

    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}
