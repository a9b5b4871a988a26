import Testing

@Suite("The executables explain themselves")
struct HelpTests {
    @Test("partyhost --list-games lists every game")
    func listGames() async throws {
        let (status, output) = try await Executables.run("partyhost", ["--list-games"])
        #expect(status == 0)
        for id in ["fourinarow", "twentyfour", "snap", "suntouch", "rps"] {
            #expect(output.contains(id), "\(id) missing from: \(output)")
        }
        // A table: "players" starts in the same column on every line, however long a title is.
        let lines = output.split(separator: "\n").filter { $0.contains(" players ") }
        #expect(lines.count >= 5, "\(output)")
        let columns = Set(lines.compactMap { line in line.range(of: " players ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } })
        #expect(columns.count == 1, "misaligned:\n\(output)")
    }

    @Test("unknown games, bad options and bad settings get a clear error and a non-zero exit", arguments: [
        (["--game", "chess"], "There is no game \"chess\""),
        (["--game", "fourinarow", "--bots", "5"], "--bots must be from 0 to 1"),
        (["--game", "twentyfour", "--round-seconds", "5"], "--round-seconds 5 is not valid"),
        (["--game", "fourinarow", "--colour", "red"], "has no setting --colour"),
        (["--game", "snap", "stray"], "Unexpected argument \"stray\""),
        // Negative numbers are values, not options (issue 17, point 16).
        (["--game", "fourinarow", "--bots", "-1"], "--bots must be from 0 to 1"),
        (["--game", "fourinarow", "--grace", "-5"], "--grace must be from 0 to 3600"),
        (["--game", "fourinarow", "--port=-3"], "--port must be from 0 to 65535"),
        (["--game", "twentyfour", "--round-seconds", "-5"], "--round-seconds -5 is not valid"),
        (["--game", "fourinarow", "--bot-level", "wizard"], "Please provide one of 'easy', 'normal' or 'perfect'"),
        (["--game", "fourinarow", "--max-connections-per-address", "0"], "--max-connections-per-address must be from 1 to 100000"),
        (["--game", "fourinarow", "--accept-rate", "0"], "--accept-rate must be from 1 to 100000"),
        (["--accept-rate", "0.5"], "--accept-rate must be from 1 to 100000"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyhost", arguments)
        #expect(status != 0)
        #expect(output.contains(message), "\(output)")
    }

    @Test("partyclient: negative numbers, --json without --list and unknown games get a clear error (issue 17, points 16 and 17)", arguments: [
        (["--timeout", "-1"], "--timeout must be"),
        (["--list", "--timeout", "-0.5"], "--timeout must be"),
        (["--json"], "--json only works with --list"),
        (["--list", "--game", "chess"], "There is no game \"chess\""),
        (["--game", "chess", "--line-mode"], "There is no game \"chess\""),
    ])
    func clientBadArguments(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyclient", arguments, timeout: 10)
        #expect(status != 0, "\(arguments)")
        #expect(output.contains(message), "\(arguments): \(output)")
        #expect(!output.contains("Missing value"), "\(arguments): \(output)")
    }

    @Test("partyhost --help lays the game settings out indented at any width, and has one grace, the host's (issue 17, points 5 and 16)",
          arguments: [80, 100, 50])
    func settingsLayout(columns: Int) async throws {
        let (status, output) = try await TestTools.running([Executables.path("partyhost"), "--help"], environment: ["COLUMNS": "\(columns)"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("The settings of each game:") }, "\(output)")
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("USAGE:") }, "\(output)")
        let section = lines[(start + 1)..<end].filter { !$0.isEmpty }
        // A game's header is its id and a colon, at the margin; every game shipped here has one, and
        // a game added with new-game gets one too (the copy .ci/new-game-check.sh tests has "demo:").
        let shipped = Set(["fourinarow:", "twentyfour:", "snap:", "suntouch:", "rps:"])
        let isHeader = { (line: String) in line.hasSuffix(":") && !line.contains(" ") }
        #expect(shipped.isSubset(of: Set(section.filter(isHeader))), "\(section.joined(separator: "\n"))")
        for line in section where !isHeader(line) {
            #expect(line.hasPrefix("  "), "a setting's line is not indented at \(columns) columns: \"\(line)\"\n\(section.joined(separator: "\n"))")
            #expect(line.count <= columns, "wider than \(columns): \(line)")
        }
        #expect(section.contains { $0.contains("--round-seconds <value>") }, "\(output)")
        // The host's --grace holds seats in every game, and it is the only grace: SunTouch has no
        // setting of its own any more (issue 17, point 5).
        let joined = output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(joined.contains("in every game"), "\(output)")
        #expect(!joined.contains("--grace-seconds"), "\(output)")
    }

    @Test("partyclient names an interface that does not exist at once, in the session list too")
    func badInterface() async throws {
        for arguments in [["--interface", "bogus0"], ["--list", "--interface", "bogus0"]] {
            let (status, output) = try await Executables.run("partyclient", arguments, timeout: 10)
            #expect(status != 0, "\(arguments)")
            #expect(output.contains("there is no interface bogus0"), "\(arguments): \(output)")
        }
    }

    @Test("partyclient rejects an address it cannot read")
    func badAddress() async throws {
        let (status, output) = try await Executables.run("partyclient", ["--connect", "nowhere"])
        #expect(status != 0)
        #expect(output.contains("is not an address"), "\(output)")
    }
}
