import Testing

@testable import PartyScaffold

/// Reading and editing the `games` list in Package.swift as text.
@Suite("The games list in Package.swift")
struct GamesListTests {
    @Test(arguments: [
        (SampleManifests.oneLine, ["FourInARow", "TwentyFour", "Snap"]),
        (SampleManifests.multiLine, ["FourInARow", "Snap"]),
        (SampleManifests.multiLineNoComma, ["FourInARow", "Snap"]),
        (SampleManifests.empty, []),
        (SampleManifests.emptyMultiLine, []),
        (SampleManifests.oneLineTrailingComma, ["Snap"]),
    ])
    func readsTheNames(manifest: String, names: [String]) throws {
        #expect(try GamesList(manifest: manifest).names == names)
    }

    @Test(arguments: [
        (SampleManifests.oneLine, #"let games = ["FourInARow", "TwentyFour", "Snap", "Demo"]"#),
        (SampleManifests.multiLine, "    \"Snap\",\n    \"Demo\",\n]"),
        (SampleManifests.multiLineNoComma, "\t\"Snap\",\n\t\"Demo\"\n]"),
        (SampleManifests.empty, #"let games = ["Demo"]"#),
        (SampleManifests.emptyMultiLine, "let games = [\n    \"Demo\",\n]"),
        (SampleManifests.oneLineTrailingComma, #"let games = ["Snap", "Demo", ]"#),
    ])
    func addsANameInTheListsOwnStyle(manifest: String, expected: String) throws {
        let edited = try GamesList(manifest: manifest).adding("Demo")
        #expect(edited.contains(expected), "got:\n\(edited)")
        #expect(try GamesList(manifest: edited).names == GamesList(manifest: manifest).names + ["Demo"])
    }

    @Test func onlyTheListChanges() throws {
        let edited = try GamesList(manifest: SampleManifests.oneLine).adding("Demo")
        let before = SampleManifests.oneLine.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1 == #"let games = ["FourInARow", "TwentyFour", "Snap", "Demo"]"#)
    }

    @Test(arguments: [SampleManifests.oneLine, SampleManifests.multiLine, SampleManifests.empty])
    func addingTwiceChangesNothingMore(manifest: String) throws {
        let once = try GamesList(manifest: manifest).adding("Demo")
        #expect(try GamesList(manifest: once).adding("Demo") == once)
    }

    @Test func findsNamesThatDifferOnlyInCase() throws {
        let list = try GamesList(manifest: SampleManifests.oneLine)
        #expect(list.registered(like: "snap") == "Snap")
        #expect(list.registered(like: "Demo") == nil)
    }

    @Test func listsTheDeclaredTargets() throws {
        let list = try GamesList(manifest: SampleManifests.oneLine)
        #expect(list.declaredTargetNames == ["partyhost", "PartyKit", "PartyGames"])
    }

    @Test(arguments: [
        (SampleManifests.noList, ScaffoldError.gamesListNotFound),
        (SampleManifests.computed, ScaffoldError.gamesListMalformed(reason: "only a plain list of names can be edited, but ']' is followed by '+ extraGames'")),
        ("let games = [\"A\", x]", ScaffoldError.gamesListMalformed(reason: "only string literals may stand in the list, found 'x'")),
        ("let games = [\"A\" \"B\"]", ScaffoldError.gamesListMalformed(reason: "a comma is missing before \"B\"")),
        ("let games = [\"A\", ", ScaffoldError.gamesListMalformed(reason: "the list has no closing ]")),
        ("let games = [\"A\\(x)\"]", ScaffoldError.gamesListMalformed(reason: "game names have no escapes or interpolation")),
    ])
    func refusesListsItCannotEditSafely(manifest: String, error: ScaffoldError) {
        #expect(throws: error) { try GamesList(manifest: manifest) }
    }
}
