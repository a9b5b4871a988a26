/// Package.swift texts the scaffold must read and edit, named as in the tests.
enum SampleManifests {
    /// The shape this repository uses: the list on one line, targets derived from it below.
    static let oneLine = """
        // swift-tools-version:6.0
        import PackageDescription

        /// The games.
        let games = ["FourInARow", "TwentyFour", "Snap"]

        let package = Package(
            name: "partyhost",
            targets: [
                .target(name: "PartyKit"),
                .target(name: "PartyGames", dependencies: games.map { .target(name: $0) }),
            ] + games.map { .target(name: $0, path: "Games/\\($0)") }
        )
        """

    /// One name a line, with a trailing comma and a comment.
    static let multiLine = """
        let games = [
            "FourInARow",
            // The card game.
            "Snap",
        ]
        let package = Package(name: "x", targets: [.target(name: "PartyKit")])
        """

    /// One name a line, no trailing comma, indented by tabs.
    static let multiLineNoComma = """
        let games: [String] = [
        \t"FourInARow",
        \t"Snap"
        ]
        """

    /// An empty list on one line.
    static let empty = """
        let games = []
        """

    /// An empty list over two lines.
    static let emptyMultiLine = """
        let games = [
        ]
        """

    /// A one-line list ending in a comma.
    static let oneLineTrailingComma = """
        let games = ["Snap", ]
        """

    /// No list at all.
    static let noList = """
        let package = Package(name: "x")
        """

    /// A list built by code: the scaffold cannot edit it safely.
    static let computed = """
        let games = ["Snap"] + extraGames
        let games2 = [base + "Snap"]
        """
}
