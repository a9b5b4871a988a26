// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for partyhost's hostile-input decoders, kept out of the main package so that its
/// `swift build` and `swift test` never build them. `.ci/fuzz.sh` builds and runs them:
/// `swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address --product fuzz-frames` (and
/// `fuzz-messages`, `fuzz-mdns`), then `.build/release/fuzz-frames Corpus/frames -max_total_time=60`.
/// `make-corpus` (built without sanitizers) rewrites the seed corpus under `Corpus/`.
let package = Package(
    name: "PartyFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "partyhost", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        // The checks every target runs; plain functions so `make-corpus` can run them too.
        .target(name: "FuzzChecks", dependencies: [
            .product(name: "PartyKit", package: "partyhost"),
            .product(name: "PartyWire", package: "partyhost"),
            .product(name: "PartyDiscovery", package: "partyhost"),
            .product(name: "FourInARow", package: "partyhost"),
            .product(name: "TwentyFour", package: "partyhost"),
            .product(name: "Snap", package: "partyhost"),
            .product(name: "SunTouch", package: "partyhost"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
        // A byte stream through FrameDecoder, every frame through MessageCodec.
        .executableTarget(name: "fuzz-frames", dependencies: ["FuzzChecks"], path: "Sources/FuzzFrames"),
        // The bytes as one frame body, straight into MessageCodec.
        .executableTarget(name: "fuzz-messages", dependencies: ["FuzzChecks"], path: "Sources/FuzzMessages"),
        // The bytes as one mDNS packet: parse, serialize, parse again.
        .executableTarget(name: "fuzz-mdns", dependencies: ["FuzzChecks"], path: "Sources/FuzzMDNS"),
        // Writes the seed corpus from real messages and packets built with the project's own encoders.
        .executableTarget(name: "make-corpus", dependencies: ["FuzzChecks"], path: "Sources/MakeCorpus"),
    ]
)

// The same compiler settings as the main package.
for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
