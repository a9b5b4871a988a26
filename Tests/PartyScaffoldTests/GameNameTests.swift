import Testing

@testable import PartyScaffold

/// Which names a new game may take, and what it is told when it may not.
@Suite("Game names")
struct GameNameTests {
    static let taken = ["partyhost", "PartyKit", "FourInARow", "FourInARowTests", "Snap", "SnapTests"]

    @Test(arguments: [
        ("Demo", "demo", "Demo"),
        ("RockPaperScissors", "rockpaperscissors", "Rock Paper Scissors"),
        ("FourInARow2", "fourinarow2", "Four In A Row 2"),
        ("TicTacToe3D", "tictactoe3d", "Tic Tac Toe 3D"),
        ("RPS", "rps", "RPS"),
        ("HTTPPoker", "httppoker", "HTTP Poker"),
    ])
    func acceptsUpperCamelCaseNames(text: String, id: String, title: String) throws {
        let name = try GameName(validating: text, taken: Self.taken)
        #expect(name.rawValue == text)
        #expect(name.id == id)
        #expect(name.title == title)
        #expect(name.testTarget == text + "Tests")
    }

    @Test(arguments: [
        ("", ScaffoldError.nameEmpty),
        ("demo", .nameNotUpperCamelCase(name: "demo")),
        ("Rock-Paper", .nameNotUpperCamelCase(name: "Rock-Paper")),
        ("Rock_Paper", .nameNotUpperCamelCase(name: "Rock_Paper")),
        ("Rock Paper", .nameNotUpperCamelCase(name: "Rock Paper")),
        ("1Game", .nameNotUpperCamelCase(name: "1Game")),
        ("Ünö", .nameNotUpperCamelCase(name: "Ünö")),
        ("Demo;rm", .nameNotUpperCamelCase(name: "Demo;rm")),
        ("../Demo", .nameNotUpperCamelCase(name: "../Demo")),
        ("X", .nameTooShort(name: "X", minimum: 2)),
        (String(repeating: "A", count: 41), .nameTooLong(name: String(repeating: "A", count: 41), length: 41, maximum: 40)),
        ("Self", .nameIsKeyword(name: "Self")),
        ("Any", .nameIsKeyword(name: "Any")),
        ("Protocol", .nameIsKeyword(name: "Protocol")),
        ("Swift", .nameIsModule(name: "Swift", module: "Swift")),
        ("Foundation", .nameIsModule(name: "Foundation", module: "Foundation")),
        ("PartyKit", .nameIsModule(name: "PartyKit", module: "PartyKit")),
        ("Testing", .nameIsModule(name: "Testing", module: "Testing")),
        ("XCTest", .nameIsModule(name: "XCTest", module: "XCTest")),
        ("NIOPoker", .nameHasReservedPrefix(name: "NIOPoker", prefix: "NIO")),
        ("Partyhost", .nameTaken(name: "Partyhost", target: "partyhost")),
        ("Snap", .nameTaken(name: "Snap", target: "Snap")),
        ("FourInARowTests", .nameTaken(name: "FourInARowTests", target: "FourInARowTests")),
        ("Canvas", .nameClashesWithType(name: "Canvas", type: "Canvas", owner: "PartyKit")),
        ("Party", .nameClashesWithType(name: "Party", type: "PartyGame", owner: "PartyKit")),
        ("Game", .nameClashesWithType(name: "Game", type: "GameConfiguration", owner: "PartyKit")),
        ("String", .nameClashesWithType(name: "String", type: "String", owner: "the Swift standard library")),
        ("Result", .nameClashesWithType(name: "Result", type: "Result", owner: "the Swift standard library")),
        ("Issue", .nameClashesWithType(name: "Issue", type: "Issue", owner: "Swift Testing")),
        ("Seat", .nameClashesWithType(name: "Seat", type: "Seat", owner: "PartyKit")),
    ])
    func refusesOtherNames(text: String, error: ScaffoldError) {
        #expect(throws: error) { try GameName(validating: text, taken: Self.taken) }
        #expect(!error.description.isEmpty)
    }

    @Test func anotherIdMayBeChosen() throws {
        let name = try GameName(validating: "RockPaperScissors", id: "rps")
        #expect(name.id == "rps" && name.title == "Rock Paper Scissors")
        let files = GameTemplate.files(for: name).map(\.contents).joined()
        #expect(files.contains(#"id: "rps""#) && !files.contains("rockpaperscissors"))
    }

    @Test(arguments: ["RPS", "r", "rock-paper", "1rps", "rps!", String(repeating: "a", count: 41)])
    func refusesInvalidIds(id: String) {
        #expect(throws: ScaffoldError.idInvalid(id: id)) { try GameName(validating: "RockPaperScissors", id: id) }
    }

    @Test func everyRefusalSaysWhatToDo() {
        let errors: [ScaffoldError] = [
            .nameNotUpperCamelCase(name: "demo"), .nameIsModule(name: "Swift", module: "Swift"),
            .nameClashesWithType(name: "Party", type: "PartyGame", owner: "PartyKit"),
        ]
        for error in errors {
            #expect(error.description.contains("RockPaperScissors") || error.description.contains("choose another name"))
        }
    }
}
