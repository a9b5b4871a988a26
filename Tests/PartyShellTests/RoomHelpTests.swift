import Testing

/// partyhost's party-room options: explained by --help, checked before anything is hosted (issue 18).
@Suite("partyhost's party room options")
struct RoomHelpTests {
    @Test("room options that make no sense get a clear error and a non-zero exit", arguments: [
        (["--game", "snap", "--games", "snap,rps"], "--games is for a party room (partyhost without --game)"),
        (["--game", "snap", "--results", "out.json"], "--results is for a party room"),
        (["--game", "fourinarow", "--vote-seconds", "10"], "--vote-seconds is for a party room"),
        (["--choose", "random"], "--choose must be vote or host"),
        (["--games", "snap,chess"], "There is no game \"chess\" (in --games)"),
        (["--playlist", "snap,chess"], "There is no game \"chess\" (in --playlist)"),
        (["--games", "snap", "--playlist", "fourinarow"], "--playlist has fourinarow, which is not on the menu"),
        (["--playlist", "snap", "--choose", "vote"], "--playlist and --choose do not go together"),
        (["--vote-seconds", "0"], "--vote-seconds must be from 1 to 600"),
        (["--choose", "host", "--vote-seconds", "10"], "--vote-seconds is for choosing by vote"),
        (["--dedicated", "--choose", "host"], "--choose host needs the host's player"),
        (["--colour", "red"], "No game on the menu has a setting --colour"),
        (["--games", "snap", "--round-seconds", "60"], "No game on the menu has a setting --round-seconds"),
        (["--games", "twentyfour", "--round-seconds", "5"], "TwentyFour: --round-seconds 5 is not valid"),
        (["--games", "fourinarow,snap", "--bots", "4"], "--bots must be from 0 to 3 for this party (it seats 4)"),
        (["--players", "3"], "--players is for --game --dedicated"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyhost", arguments)
        #expect(status != 0, "\(arguments)")
        #expect(output.contains(message), "\(arguments): \(output)")
    }

    @Test("--help says what a party room is and lists its options")
    func help() async throws {
        let (status, output) = try await TestTools.running([Executables.path("partyhost"), "--help"], environment: ["COLUMNS": "100"])
        #expect(status == 0)
        let joined = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for text in ["With no --game, partyhost opens a party room", "--games <ids>", "--choose <vote|host>", "--playlist <ids>",
                     "--vote-seconds", "--results <file>", "in a party room they stay across games"] {
            #expect(joined.contains(text), "\(text) missing:\n\(output)")
        }
    }
}
