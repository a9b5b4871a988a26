import Foundation
import Testing

/// The packaged, self-contained programs on a machine without Swift: each runs in a mount namespace
/// where an empty folder lies over the toolchain's, plays Four in a Row over loopback, and a guest
/// fetches the host's own `partyclient` and joins with it.
///
/// They need the static release build, which takes minutes: they run only when
/// `PARTYHOST_PACKAGE_TESTS` names the package's tree (the folder holding `usr/bin/partyhost`;
/// Scripts/package-deb.sh leaves it in .build-static/deb/root, CI extracts the .deb with `dpkg-deb -x`).
@Suite("The package runs without the Swift toolchain", .serialized,
       .enabled(if: PackageUnderTest.root != nil, "set PARTYHOST_PACKAGE_TESTS to the package's tree (Scripts/package-deb.sh)"))
struct PackageTests {
    @Test("--version: the three programs say the package's version with the toolchain hidden, where a debug build cannot start")
    func versions() async throws {
        // The hiding works: the debug build, which loads the toolchain's libraries, cannot start under it.
        let debug = try await TestTools.running(PackageUnderTest.hidden(Executables.path("partyclient"), ["--version"]))
        #expect(debug.status != 0, "the toolchain was not hidden: \(debug.output)")
        #expect(debug.output.contains("libswift") || debug.output.contains("lib_Foundation") || debug.output.contains("libFoundation"),
                "\(debug.output)")

        var said: [String] = []
        for program in ["partyhost", "partyclient", "fourinarow-solver"] {
            let (status, output) = try await TestTools.running(PackageUnderTest.hidden(PackageUnderTest.program(program), ["--version"]))
            #expect(status == 0, "\(program): \(output)")
            said.append(output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(Set(said).count == 1, "\(said)")
        #expect(said.first?.first?.isNumber == true, "\(said)")
        if let expected = PackageUnderTest.version { #expect(said.first == expected) }
    }

    @Test("a game of Four in a Row between the packaged partyhost (with a bot) and the packaged partyclient")
    func aGameBetweenThePackagedPrograms() async throws {
        let (host, port) = try await PackageUnderTest.startHost()
        defer { host.stop() }
        let client = try LiveProcess("/usr/bin/unshare", PackageUnderTest.hiddenArguments(PackageUnderTest.program("partyclient"),
            ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Pat"]), label: "partyclient")
        defer { client.stop() }
        try #require(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                     "\(client.transcript)")
        client.send("ready")
        let result = await LinePlayer(client: client).play(timeout: .seconds(120))
        #expect(result != nil, "no game over: \(client.transcript)\n\(host.transcript)")
        #expect(result.map { $0.moves > 0 } == true)
    }

    @Test("a terminal guest fetches partyclient from the running host, checks its SHA-256 and joins that host with it")
    func aGuestFetchesPartyclient() async throws {
        let (host, port) = try await PackageUnderTest.startHost()
        defer { host.stop() }
        // The host says how, and with which checksum.
        let line = try #require(await host.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Terminal guests without partyclient: ") },
                                "\(host.transcript)")
        #expect(line.contains("curl -fsSL http://"), "\(line)")
        #expect(line.contains(":\(port)/partyclient -o partyclient && chmod +x partyclient && ./partyclient"), "\(line)")
        let announced = try #require(line.range(of: "(SHA-256 ").map { String(line[$0.upperBound...].prefix(64)) })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("guest"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetched = folder.appendingPathComponent("partyclient").path
        let base = "http://127.0.0.1:\(port)"
        let download = try await TestTools.running(["curl", "-fsS", "\(base)/partyclient", "-o", fetched], timeout: 120)
        #expect(download.status == 0, "\(download.output)")
        let published = try await TestTools.running(["curl", "-fsS", "\(base)/partyclient.sha256"])
        #expect(published.status == 0, "\(published.output)")
        let computed = try await TestTools.running(["sha256sum", fetched]).output.prefix(64)
        let shipped = try await TestTools.running(["sha256sum", PackageUnderTest.program("partyclient")]).output.prefix(64)
        #expect(computed == shipped)
        #expect(String(computed) == announced)
        #expect(published.output == "\(computed)  partyclient\n")
        // As a guest would check it: sha256sum -c on the published line, in the folder of the download.
        let check = try await TestTools.running(["sh", "-c", "cd \"$0\" && curl -fsS \"$1\" | sha256sum -c -", folder.path, "\(base)/partyclient.sha256"])
        #expect(check.status == 0 && check.output.contains("partyclient: OK"), "\(check.output)")

        try await TestTools.running(["chmod", "+x", fetched])
        let guest = try LiveProcess("/usr/bin/unshare", PackageUnderTest.hiddenArguments(fetched,
            ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Fetched"]), label: "fetched partyclient")
        defer { guest.stop() }
        try #require(await guest.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                     "\(guest.transcript)")
        guest.send("ready")
        let result = await LinePlayer(client: guest).play(timeout: .seconds(120))
        #expect(result != nil, "no game over: \(guest.transcript)\n\(host.transcript)")
    }
}

/// The package's tree under test and how to run its programs with the toolchain hidden.
enum PackageUnderTest {
    /// `PARTYHOST_PACKAGE_TESTS`: the folder holding `usr/bin/partyhost`.
    static let root: String? = {
        guard let value = ProcessInfo.processInfo.environment["PARTYHOST_PACKAGE_TESTS"], !value.isEmpty else { return nil }
        return value
    }()

    /// The version the package should report (`PARTYHOST_PACKAGE_VERSION`), when the caller knows it.
    static let version = ProcessInfo.processInfo.environment["PARTYHOST_PACKAGE_VERSION"].flatMap { $0.isEmpty ? nil : $0 }

    /// A program of the package.
    static func program(_ name: String) -> String {
        (root ?? "/nonexistent") + "/usr/bin/" + name
    }

    /// The toolchain's folder: two levels above the real path of `swift` on PATH (`/opt/swift` for
    /// `/opt/swift/usr/bin/swift`). When that is the system's own `/usr`, only the folder of its
    /// runtime libraries is hidden (`/usr/lib/swift`).
    static let toolchain: String = {
        let found = (try? TestTools.run(["sh", "-c", "readlink -f \"$(command -v swift)\""]).output) ?? ""
        let swift = URL(fileURLWithPath: found.trimmingCharacters(in: .whitespacesAndNewlines))
        let root = swift.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        return root == "/usr" || root == "/" ? "/usr/lib/swift" : root
    }()

    /// An empty folder to lay over the toolchain.
    static let emptyFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("no-toolchain")).path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// `unshare`'s arguments that run `program arguments` in a mount namespace of its own where
    /// the toolchain's folder is empty (the same process: unshare and sh exec it).
    static func hiddenArguments(_ program: String, _ arguments: [String]) -> [String] {
        ["--mount", "--propagation", "private", "sh", "-c", "mount --bind \"$1\" \"$2\" && shift 2 && exec \"$@\"",
         "hide-toolchain", emptyFolder, toolchain, program] + arguments
    }

    /// The same for `TestTools.run`.
    static func hidden(_ program: String, _ arguments: [String]) -> [String] {
        ["unshare"] + hiddenArguments(program, arguments)
    }

    /// The packaged partyhost, toolchain hidden, hosting Four in a Row with one bot on 127.0.0.1.
    static func startHost(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (host: LiveProcess, port: Int) {
        let port = TestTools.freePort()
        let host = try LiveProcess("/usr/bin/unshare", hiddenArguments(program("partyhost"), [
            "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)", "--bind", "127.0.0.1",
            "--no-advertise", "--line-mode", "--name", "Dee",
        ]), label: "partyhost")
        let listening = await host.waitForLine(timeout: .seconds(20)) { $0.contains("on port \(port).") } != nil
        do {
            try #require(listening, "the packaged host did not listen: \(host.transcript)", sourceLocation: sourceLocation)
        } catch {
            host.stop()
            throw error
        }
        return (host, port)
    }
}
