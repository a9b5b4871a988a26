import Foundation
import PartyGames
import PartyTestSupport
import Testing

/// The browser client in real headless Chromium (Debian's `chromium` and `chromium-driver`, driven by
/// Python `selenium`), against a real `partyhost`: one Python script per scenario in Browser/.
/// Screenshots go to `$PARTYHOST_SHOTS` when it is set.
///
/// Chromium takes both cores of a small machine for a while, which would starve the timing-sensitive
/// tests (mDNS, timeouts) running beside it, so these run in a step of their own:
/// `PARTYHOST_BROWSER_TESTS=1 swift test --filter BrowserTests` (.ci/run does, after the rest).
/// Scenarios run three at a time (`BrowserSlots`), the longest listed first so that they start first.
@Suite("Browser client in headless Chromium",
       .enabled(if: BrowserTools.requested, "set PARTYHOST_BROWSER_TESTS=1 to run (a step of its own: Chromium is heavy)"),
       .enabled(if: BrowserTools.available, BrowserTools.missing))
struct BrowserTests {
    @Test("browser scenario", arguments: [ // the longest first (as measured one at a time)
        "tv_gallery",           // every game: room, mid-game, ending on phones and /tv, photographed ($PARTYHOST_GALLERY) and measured
        "room_teams_six",       // two teams of three: six phones play Four in a Row and SunTouch to their end; the TV names the teams
        "party_room",           // a real party room: two browsers vote, play Four in a Row, see the scoreboard
        "room_party_night",     // names refused where typed, a newcomer's board mid-game, a closed window comes back as the same member, final standings
        "serve_front_door",     // partyhost serve behind nginx with TLS: four phones and a TV by code, a terminal guest, Four in a Row in teams to the end
        "room_teams",           // teams: three phones, Four in a Row; a proposal shows on the teammate's phone, agreeing plays it
        "room_teams_landscape", // teams on phones at 844x390: the proposals and the split above, the whole board on the screen
        "tv_crowd",             // the TV with 9, 16 and 17 members at 1920x1080 and 1280x720: every line in the room and mid-game, nothing cut
        "room_held_ending",     // a room: a gone page shows as "Cy is reconnecting… N s"; a game's ending is held on phones and /tv
        "tv_view",              // /tv: join address and QR code, the table, the game, no moves
        "generic_rps",          // ?plain: the generic view plays Rock Paper Scissors from labelled moves; then its presenter
        "fourinarow_vs_bot",    // a browser player plays Four in a Row against a bot to the end
        "twentyfour_solve",     // a browser player solves a TwentyFour round with the buttons
        "accessibility",        // the accessibility tree (live region, named controls), keyboard play, contrast in light and dark
        "script_name",          // a name with <script> shows as text and runs nothing
        "room_predict",         // the audience: a watcher's phone predicts, the TV shows the split, the right prediction scores 50
        "reload_keeps_seat",    // a page reloaded mid-game gets its seat back
        "sound_cues",           // sound: a phone's own cues and buzz, the TV's room cues, a mute that outlives a reload
        "snap_spectator",       // a browser spectator sees no face-down Snap card
        "suntouch_strike",      // SunTouch: the toss button, then a tap on the field is a strike
        "busy_page",            // a full host: the 503 page counts down and loads the page again by itself
        "reconnect_after_cut",  // every connection cut mid-game: "reconnecting… N s", then back in the seat by itself
        "host_resumes",         // a Four in a Row game of two phones and the TV: the host killed and started again, the same board, played to the end
        "fleet_failover",       // a fleet of two serve nodes on a private PostgreSQL: node A killed mid-game, phones and TV back on the board through B, played to the end
        "host_restarting",      // a host with a journal killed: phone and TV say "The host is restarting… N s", then the gone state
        "tv_presenters",        // each game's TV presenter from section 9's views: winning line, snap flash and caller, shapes, clock, field
        "join_code",            // a join code: asked for, a wrong one refused with the host's sentence, the right one seats
        "tv_final_standings",   // a room of sixteen ends: the TV shows the whole final standings at 1280x720 and 1920x1080
        "room_render",          // the party room's panel from a protocol-2 room message (menu, votes, scoreboard)
        "serve_rooms",          // partyhost serve: a room started from the front page, joined by code, the TV's QR, a game to the end, a second room apart
    ])
    func scenario(_ name: String) async throws {
        let (status, output) = try await BrowserSlots.shared.run { try await Blocking.run { try BrowserTools.run(name) } }
        #expect(status == 0 && output.contains("OK"), "\(name):\n\(output)")
    }

    @Test("how to play: /games.json, the phone and the TV show each game module's own rules")
    func howToPlay() async throws {
        let expected = GameCatalog.all.map { ["id": $0.descriptor.id, "title": $0.descriptor.title, "rules": $0.descriptor.rules] as [String: Any] }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: expected), as: UTF8.self)
        let shots = ProcessInfo.processInfo.environment["PARTYHOST_SHOTS"] ?? ""
        let script = BrowserTools.scripts.appendingPathComponent("how_to_play.py").path
        let arguments = ["python3", script, BrowserTools.partyhost ?? "partyhost", shots, json]
        let (status, output) = try await BrowserSlots.shared.run { try await Blocking.run { try BrowserTools.run(arguments) } }
        #expect(status == 0 && output.contains("OK"), "how_to_play:\n\(output)")
    }
}

/// Finds Chromium, its driver, Selenium and the built `partyhost`, and runs a scenario script.
enum BrowserTools {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser")

    static var requested: Bool { ProcessInfo.processInfo.environment["PARTYHOST_BROWSER_TESTS"] == "1" }

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && ((try? run(["python3", "-c", "import selenium"]).0) == 0)
            && partyhost != nil
    }

    static let missing: Comment = "needs chromium, chromium-driver (apt-get) and selenium (pip), and a built partyhost"

    /// The `partyhost` built beside this test binary.
    static var partyhost: String? {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("partyhost").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let fallback = FileManager.default.currentDirectoryPath + "/.build/debug/partyhost"
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }

    static func run(_ scenario: String) throws -> (Int32, String) {
        let shots = ProcessInfo.processInfo.environment["PARTYHOST_SHOTS"] ?? ""
        return try run(["python3", scripts.appendingPathComponent("\(scenario).py").path, partyhost ?? "partyhost", shots])
    }

    static func run(_ arguments: [String]) throws -> (Int32, String) {
        try Spawned.run(arguments[0], Array(arguments.dropFirst()))
    }
}
