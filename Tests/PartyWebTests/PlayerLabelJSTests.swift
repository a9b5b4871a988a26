import Foundation
import Testing

/// The phone shows a bot as the terminal does, "Ada · normal (bot)", from the wire's name and
/// level (Web/dom.js `label`, run by node), in the players list, the scoreboard, the last game and
/// the games' names.
@Suite("The phone's player labels")
struct PlayerLabelJSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("label() writes what PlayerLabel writes", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func labels() throws {
        let dom = Self.root.appendingPathComponent("Web/dom.js").absoluteString
        let cases = #"[{name:"Ada",bot:true,level:"normal"},{name:"Ada",bot:true},{name:"Ada (bot)",bot:true},{name:"Ann",bot:false,level:"x"},{name:"<b>Cy</b>",bot:false}]"#
        let script = "import(\"\(dom)\").then((m) => console.log(\(cases).map((p) => m.label(p)).join('|')))"
        let text = try NodeScript.run(["-e", script]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text == "Ada · normal (bot)|Ada (bot)|Ada (bot)|Ann|<b>Cy</b>")
    }

    @Test("the players list, the scoreboard, the last game and the games' names use it")
    func used() throws {
        let lobby = try String(contentsOf: Self.root.appendingPathComponent("Web/lobby.js"), encoding: .utf8)
        #expect(lobby.contains(#"el("span", { class: "name", text: label(p) }), ...badges"#))
        // The scoreboard's line is label() in parts (a crowded TV hides the level's part).
        #expect(lobby.contains(#"[...nameParts(line), line.present ? "" : " (left)"]"#))
        #expect(lobby.contains("const rest = label(p).slice(p.name.length);"))
        let app = try String(contentsOf: Self.root.appendingPathComponent("Web/app.js"), encoding: .utf8)
        #expect(app.contains("[p.seat, label(p)]"))
    }
}
