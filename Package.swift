// swift-tools-version:6.0
import PackageDescription

/// The games this package ships. Each name is a module under `Games/<Name>` with its tests under
/// `Tests/<Name>Tests`; adding a game means adding its name here and nothing else.
let games = ["FourInARow", "TwentyFour", "Snap", "SunTouch", "RockPaperScissors"]

/// The version the programs report (`--version`, `hello.clientVersion`): `PARTYHOST_VERSION` in the
/// environment of `swift build` (Scripts/version.sh makes it from `git describe`), else BuildInfo.c's default.
let buildVersion = Context.environment["PARTYHOST_VERSION"].flatMap { version in
    version.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".+~-".contains($0)) } ? version : nil
}

let package = Package(
    name: "partyhost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "partyhost", targets: ["partyhost"]),
        .executable(name: "partyclient", targets: ["partyclient"]),
        .library(name: "PartyKit", targets: ["PartyKit"]),
        // For Benchmarks/ (its own package, which depends on this one by path).
        .library(name: "PartyWire", targets: ["PartyWire"]),
        .library(name: "PartyServer", targets: ["PartyServer"]),
        .library(name: "PartyClient", targets: ["PartyClient"]),
        .library(name: "PartyDiscovery", targets: ["PartyDiscovery"]),
        .library(name: "PartyGames", targets: ["PartyGames"]),
        .library(name: "PartyWeb", targets: ["PartyWeb"]),
        .library(name: "PartyJournal", targets: ["PartyJournal"]),
    ] + games.map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        // HMAC-SHA256 for TSIG-signed DNS updates (wide-area DNS-SD); PartyDiscovery only.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        // SQLite for the journal (PartyJournal only): sqlite-nio compiles SQLite's own source, so no
        // system library is needed beside the Swift toolchain.
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        // Metrics: the API in PartyServer (counters that cost nothing until a backend is set), and
        // Prometheus' text format only in `partyhost serve` (PartyServe).
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        // TLS for partyclient's wss:// (a server behind nginx or Caddy); PartyClient only.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // PostgreSQL for a fleet's journal (PartyFleet only: partyhost and partyclient do not link it yet).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        // The game API: depends on nothing at all.
        .target(name: "PartyKit"),
        // The conformance suite every game runs; plain Swift, usable from any test target.
        .target(name: "PartyTestSupport", dependencies: ["PartyKit"]),
        // The build's version string (C: a Swift -D flag carries no value).
        .target(name: "PartyBuildInfo", cSettings: buildVersion.map { [.define("PARTYHOST_VERSION", to: "\"\($0)\"")] }),
        .target(name: "PartyWire", dependencies: [
            "PartyKit", "PartyBuildInfo",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOExtras", package: "swift-nio-extras"),
        ]),
        // mDNS / DNS-SD responder and browser (RFC 6762 / 6763) on NIO UDP multicast, and wide-area
        // DNS-SD: unicast queries and TSIG-signed updates (RFC 2136 / 8945) to a DNS server.
        .target(name: "PartyDiscovery", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "PartyServer", dependencies: [
            "PartyKit", "PartyWire", "PartyWeb",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOExtras", package: "swift-nio-extras"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
        ]),
        // A session's client side; WebSocket (plain or TLS) beside the framed transport.
        .target(name: "PartyClient", dependencies: [
            "PartyKit", "PartyWire",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOExtras", package: "swift-nio-extras"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "PartyTerminal", dependencies: ["PartyKit"]),
        // `partyhost serve`: rooms started from the browser, their bots and journals, the server's HTTP paths.
        .target(name: "PartyServe", dependencies: [
            "PartyKit", "PartyWire", "PartyServer", "PartyClient", "PartyGames", "PartyWeb", "PartyJournal",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        // HTTP + WebSocket on the host's port beside the framed protocol, the page's assets, the QR code.
        // (NIOPosix for the thread pool that reads the partyclient it hands out; Crypto for its SHA-256.)
        .target(name: "PartyWeb", dependencies: [
            "PartyWire",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            // zlib's gzip for the assets, once at start-up (GzipEncoder runs the compressor on an EmbeddedChannel).
            .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
        // `swift package --allow-writing-to-package-directory new-game <Name>`: creates and registers a
        // game (docs/ADDING_A_GAME.md). The plugin only runs party-scaffold; PartyScaffold has the logic.
        .target(name: "PartyScaffold"),
        .executableTarget(name: "party-scaffold", dependencies: ["PartyScaffold"]),
        .plugin(
            name: "NewGame",
            capability: .command(
                intent: .custom(verb: "new-game", description: "Create a game module under Games/ and register it (--sync: regenerate the catalog)"),
                permissions: [.writeToPackageDirectory(reason: "new-game writes Games/<Name>, Tests/<Name>Tests, the games list in Package.swift and the generated game catalog")]
            ),
            dependencies: ["party-scaffold"]
        ),
        // The embedded journal: every party's inputs in a SQLite file of the state directory
        // (`JournalStore` in PartyServer is the protocol; the C library is sqlite-nio's, called directly).
        .target(name: "PartyJournal", dependencies: [
            "PartyServer",
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
        ]),
        // A fleet's journal: the same `JournalStore` in PostgreSQL (PostgresNIO, on a thread of its own).
        .target(name: "PartyFleet", dependencies: [
            "PartyServer", "PartyServe", "PartyWire",
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Sample parties and entries every journal test writes (plain Swift, for any test target).
        .target(name: "PartyJournalTestSupport", dependencies: ["PartyServer"]),
        // `partyhost history`'s reading of the journals (past parties, all-time standings) and the
        // results file a party room writes (atomically, never over another party's).
        .target(name: "PartyHistory", dependencies: ["PartyKit", "PartyServer", "PartyWire", "PartyJournal"]),
        // The person's client for any game: full-screen TUI or line mode, on top of PartyClient.
        .target(name: "PartyShell", dependencies: ["PartyKit", "PartyWire", "PartyClient", "PartyTerminal", "PartyDiscovery"]),
        // The catalog of every game module listed in `games`.
        .target(name: "PartyGames", dependencies: ["PartyKit"] + games.map { .target(name: $0) }),
        .executableTarget(name: "partyhost", dependencies: [
            "PartyKit", "PartyWire", "PartyServer", "PartyClient", "PartyShell", "PartyDiscovery", "PartyGames", "PartyWeb",
            "PartyTerminal", "PartyJournal", "PartyHistory", "PartyServe", "PartyFleet",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "partyclient", dependencies: [
            "PartyKit", "PartyClient", "PartyShell", "PartyDiscovery", "PartyGames", "PartyTerminal", "PartyWire",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Four in a Row's solver timed on Pons' test sets.
        .executableTarget(name: "fourinarow-solver", dependencies: ["FourInARow", "PartyKit", "PartyBuildInfo"]),
        .testTarget(name: "PartyKitTests", dependencies: ["PartyKit", "PartyTestSupport"]),
        .testTarget(name: "PartyWireTests", dependencies: [
            "PartyWire",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
        .testTarget(name: "PartyServerTests", dependencies: [
            "PartyKit", "PartyWire", "PartyServer", "PartyClient", "PartyGames", "PartyJournal", "PartyHistory", "PartyJournalTestSupport",
            "PartyTestSupport",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .testTarget(name: "PartyServeTests", dependencies: [
            "PartyKit", "PartyWire", "PartyServer", "PartyServe", "PartyClient", "PartyWeb", "PartyJournal",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .testTarget(name: "PartyDiscoveryTests", dependencies: [
            "PartyDiscovery", "PartyTestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Scripts"]),
        // Drives the built executables: tmux for the TUI, pipes for line mode, discovery end to end.
        .testTarget(name: "PartyShellTests", dependencies: [
            "PartyKit", "PartyShell", "PartyDiscovery", "PartyClient", "PartyWire", "PartyTestSupport", "PartyGames",
            "RockPaperScissors",
            // HostKillTests reads the journal a killed and restarted partyhost leaves.
            "PartyServer", "PartyJournal",
        ], exclude: ["Scripts"]),
        // The journal conformance suite (SQLite and PostgreSQL alike) and a private PostgreSQL to run it on.
        .testTarget(name: "PartyFleetTests", dependencies: [
            "PartyFleet", "PartyJournal", "PartyServer", "PartyJournalTestSupport", "PartyServe", "PartyClient", "PartyWire",
            "PartyWeb", "PartyKit",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "PartyTerminalTests", dependencies: ["PartyTerminal", "PartyKit"]),
        .testTarget(name: "PartyScaffoldTests", dependencies: ["PartyScaffold"]),
        .testTarget(name: "PartyWebTests", dependencies: [
            "PartyWeb", "PartyWire", "PartyTestSupport", "PartyKit", "PartyGames",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
        ], exclude: ["Browser"]),
    ]
        // Games/<Name>/Web holds the game's browser presenter. It is built into PartyWeb as Swift in
        // Sources/PartyWeb/Generated/, which `swift package --allow-writing-to-package-directory new-game --sync`
        // regenerates from Web/ and Games/*/Web/ (PartyScaffoldTests fail, naming that command, while it is stale).
        + games.map { .target(name: $0, dependencies: ["PartyKit"], path: "Games/\($0)", exclude: ["Web"]) }
        + games.map {
            .testTarget(name: "\($0)Tests", dependencies: [.target(name: $0), "PartyKit", "PartyTestSupport"])
        }
)

// The same compiler settings for every target, applied in one place.
for target in package.targets where target.type != .plugin && target.name != "PartyBuildInfo" {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
