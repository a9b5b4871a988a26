/// Names a new game may not take, because its module or one of its types would then hide
/// something the generated code (or Swift) needs.
enum ReservedNames {
    /// Swift keywords that are UpperCamelCase (every other keyword starts with a lower-case letter).
    static let keywords: Set<String> = ["Any", "Self", "Type", "Protocol"]

    /// Modules of the toolchain and of this package's dependencies, plus this package's own layers,
    /// compared without regard to case. The package's targets are added from `Package.swift`.
    static let modules: [String] = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "Android", "Bionic",
        "XCTest", "Testing", "PackageDescription", "PackagePlugin", "Observation", "Synchronization",
        "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "SwiftShims", "SwiftOnoneSupport",
        "Atomics", "Logging", "ArgumentParser", "ArgumentParserToolInfo", "Collections", "DequeModule",
        "OrderedCollections", "InternalCollectionsUtilities", "SystemPackage",
        "PartyKit", "PartyTestSupport", "PartyWire", "PartyDiscovery", "PartyServer", "PartyClient",
        "PartyTerminal", "PartyShell", "PartyGames", "PartyScaffold", "Games", "Tests", "Sources", "Plugins",
    ]

    /// Prefixes of dependency module families (`NIOCore`, `CNIOLinux`, …).
    static let modulePrefixes = ["NIO", "CNIO", "_NIO"]

    /// Types the generated code uses, by the module that declares them: a game module declaring
    /// one of these would hide it from its own files. A test proves every type the template names
    /// is listed here.
    static let types: [String: String] = {
        var types: [String: String] = [:]
        for name in partyKitTypes { types[name] = "PartyKit" }
        types["GameConformance"] = "PartyTestSupport"
        types["LayoutCheck"] = "PartyTestSupport"
        types["BotMatch"] = "PartyTestSupport"
        for name in swiftTypes { types[name] = "the Swift standard library" }
        for name in testingTypes { types[name] = "Swift Testing" }
        for name in nestedTypes { types[name] = "the generated view" }
        for name in associatedTypes { types[name] = "the GameRules, GameBot and PartyGame protocols" }
        return types
    }()

    /// Every public type of PartyKit (a test compares this with `Sources/PartyKit`).
    static let partyKitTypes: Set<String> = [
        "BotLevel", "BotPlan", "Canvas", "Cell", "DisplayWidth", "GameBot", "GameConfiguration", "GameDescriptor", "GameInstant",
        "GameOutcome", "GamePresenter", "GameRejection", "GameRules", "GameSetting", "GameSettingError",
        "GameSetup", "InputError", "JSONInput", "JSONKey", "JSONOutput", "JSONReadable", "JSONWritable", "Key",
        "LabelledMove", "NoConfiguration", "PartyGame", "PresenterAction",
        "PlainText", "PresenterContext", "Schedule", "Seat", "SeatID", "SeededRandom", "Standing", "TerminalColor", "TextStyle", "Turn",
        "Viewer",
    ]

    /// Standard library types and protocols a game is likely to use.
    static let swiftTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "ClosedRange", "Codable", "Collection", "Comparable",
        "CustomStringConvertible", "Decodable", "Decoder", "Dictionary", "Double", "Duration", "Encodable",
        "Encoder", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int8", "Int16", "Int32",
        "Int64", "Never", "Optional", "RandomNumberGenerator", "Range", "Result", "Sendable", "SendableMetatype",
        "Sequence", "Set", "String", "StringProtocol", "Substring", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Unicode", "Void", "Task", "Actor", "Clock", "ContinuousClock",
    ]

    /// Swift Testing's types the generated tests use.
    static let testingTypes: Set<String> = [
        "Issue", "Test", "Suite", "Tag", "Trait", "Confirmation", "Comment", "SourceLocation",
    ]

    /// The associated types of PartyKit's protocols, which the generated types declare as typealiases.
    static let associatedTypes: Set<String> = ["Move", "View", "Rejection", "Configuration", "Rules", "Bot", "Presenter"]

    /// Types the template declares inside its own types (`<Name>View.LastMove`).
    static let nestedTypes: Set<String> = ["LastMove"]
}
