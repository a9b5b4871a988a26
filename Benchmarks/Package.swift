// swift-tools-version: 6.1
import PackageDescription

/// The benchmarks and the load generator of partyhost, kept out of the main package so that its
/// `swift test` never builds package-benchmark. Run from this folder:
/// `swift package benchmark` and `swift run -c release partyload --help`.
let package = Package(
    name: "PartyBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "partyhost", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        // PostgreSQL's LISTEN/NOTIFY for `partyload fanout` (the fan-out between fleet nodes).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
    ],
    targets: [
        // Rules of the four games: one move, one solve, one turn, one strike.
        .executableTarget(
            name: "GameBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PartyKit", package: "partyhost"),
                .product(name: "FourInARow", package: "partyhost"),
                .product(name: "TwentyFour", package: "partyhost"),
                .product(name: "Snap", package: "partyhost"),
                .product(name: "SunTouch", package: "partyhost"),
            ],
            path: "Benchmarks/GameBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Encoding and decoding the typical wire messages.
        .executableTarget(
            name: "WireBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PartyKit", package: "partyhost"),
                .product(name: "PartyWire", package: "partyhost"),
                .product(name: "FourInARow", package: "partyhost"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/WireBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The load generator: hosts, bot clients, the echo floor and discovery timings over loopback.
        .executableTarget(
            name: "partyload",
            dependencies: [
                .product(name: "PartyKit", package: "partyhost"),
                .product(name: "PartyWire", package: "partyhost"),
                .product(name: "PartyServer", package: "partyhost"),
                .product(name: "PartyJournal", package: "partyhost"),
                .product(name: "PartyClient", package: "partyhost"),
                .product(name: "PartyDiscovery", package: "partyhost"),
                .product(name: "FourInARow", package: "partyhost"),
                .product(name: "TwentyFour", package: "partyhost"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ]
)

// The same compiler settings as the main package.
for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
