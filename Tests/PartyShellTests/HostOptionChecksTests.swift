import Foundation
import Testing

/// partyhost's options that the audits found unchecked or missing (issue "The room must never
/// stick", points 13 and 22): each mistake ends the start with status 64 and a sentence.
@Suite("partyhost checks its options before it hosts")
struct HostOptionChecksTests {
    @Test("a misspelt --interface ends the start with status 64 and lists the interfaces (point 22)", arguments: [
        ["--game", "fourinarow", "--interface", "nosuch0"],
        ["--interface", "lo", "--interface", "nosuch0"],
        ["--game", "snap", "--no-advertise", "--interface", "nosuch0"],
    ])
    func misspeltInterface(arguments: [String]) async throws {
        let (status, output) = try await Executables.run("partyhost", arguments + ["--line-mode", "--port", "0"], timeout: 20)
        #expect(status == 64, "\(arguments): \(output)")
        #expect(output.contains("--interface nosuch0: there is no interface nosuch0"), "\(arguments): \(output)")
        // Every machine has loopback: the list of interfaces names it.
        #expect(output.contains("this machine has: ") && output.contains("lo"), "\(arguments): \(output)")
        #expect(!output.contains("Hosting "), "\(arguments): it hosted anyway: \(output)")
    }

    @Test("--start-delay is checked, and is for a party room (point 13)", arguments: [
        (["--start-delay", "61"], "--start-delay must be from 0 to 60 seconds."),
        (["--start-delay", "-1"], "--start-delay must be from 0 to 60 seconds."),
        (["--game", "snap", "--start-delay", "2"], "--start-delay is for a party room"),
    ])
    func startDelayChecked(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyhost", arguments + ["--line-mode"], timeout: 20)
        #expect(status == 64, "\(arguments): \(output)")
        #expect(output.contains(message), "\(arguments): \(output)")
    }

    @Test("out-of-range --proposal-seconds, --predict-seconds and --prediction-points end the start with status 64 (issue 36)", arguments: [
        (["--proposal-seconds", "0"], "--proposal-seconds must be from 1 to 120."),
        (["--proposal-seconds", "121"], "--proposal-seconds must be from 1 to 120."),
        (["--predict-seconds", "0"], "--predict-seconds must be from 1 to 600."),
        (["--game", "fourinarow", "--predict-seconds", "601"], "--predict-seconds must be from 1 to 600."),
        (["--prediction-points", "-1"], "--prediction-points must be from 0 to 1000."),
        (["--game", "snap", "--prediction-points", "1001"], "--prediction-points must be from 0 to 1000."),
    ])
    func audienceAndTeamOptionsChecked(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyhost", arguments + ["--line-mode", "--port", "0"], timeout: 20)
        #expect(status == 64, "\(arguments): \(output)")
        #expect(output.contains(message), "\(arguments): \(output)")
        #expect(!output.contains("Hosting "), "\(arguments): it hosted anyway: \(output)")
    }

    @Test("--help names --start-delay and says --choose host is not for --dedicated (point 13)")
    func helpNamesThem() async throws {
        let (status, output) = try await TestTools.running([Executables.path("partyhost"), "--help"], environment: ["COLUMNS": "100"])
        #expect(status == 0)
        let joined = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(joined.contains("--start-delay <start-delay> Party room: seconds between a game's pick and its start"), "\(output)")
        #expect(joined.contains("the host's player decides; not with --dedicated"), "\(output)")
    }

    @Test("a room with --start-delay 9 counts down from 9 s after the pick, not the default 3 (point 13)")
    func startDelayUsed() async throws {
        let port = TestTools.freePort()
        let host = try LiveProcess(Executables.path("partyhost"), [
            "--dedicated", "--bots", "1", "--games", "rps", "--start-delay", "9",
            "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--line-mode", "--name", "Dee",
        ])
        defer { host.stop() }
        try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port)") } != nil, "\(host.transcript)")
        let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
        defer { client.stop() }
        try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's party (party room)") } != nil,
                     "\(client.transcript)")
        client.send("vote 1")
        let line = await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Game 1: Rock Paper Scissors starts in") }
        // Counted from the pick: 9 s, or 8 if a second went by before the line was drawn.
        #expect(line == "Game 1: Rock Paper Scissors starts in 9 s." || line == "Game 1: Rock Paper Scissors starts in 8 s.",
                "\(client.transcript)")
    }
}
