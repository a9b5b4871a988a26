import Testing

@Suite("The executables explain themselves")
struct HelpTests {
    @Test("partyhost --list-games lists every game")
    func listGames() throws {
        let (status, output) = try Executables.run("partyhost", ["--list-games"])
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
        (["--game", "fourinarow", "--bot-level", "wizard"], "Please provide one of 'easy', 'normal' or 'perfect'"),
    ])
    func badArguments(arguments: [String], message: String) throws {
        let (status, output) = try Executables.run("partyhost", arguments)
        #expect(status != 0)
        #expect(output.contains(message), "\(output)")
    }

    @Test("partyclient names an interface that does not exist at once, in the session list too")
    func badInterface() throws {
        for arguments in [["--interface", "bogus0"], ["--list", "--interface", "bogus0"]] {
            let (status, output) = try Executables.run("partyclient", arguments, timeout: 10)
            #expect(status != 0, "\(arguments)")
            #expect(output.contains("there is no interface bogus0"), "\(arguments): \(output)")
        }
    }

    @Test("partyclient rejects an address it cannot read")
    func badAddress() throws {
        let (status, output) = try Executables.run("partyclient", ["--connect", "nowhere"])
        #expect(status != 0)
        #expect(output.contains("is not an address"), "\(output)")
    }
}
