import Foundation
import Testing

/// What `partyclient` leaves for a script: its output when nothing is found, and its exit status
/// (issue "The room must never stick", points 14 and 15).
@Suite("partyclient's output and exit status for scripts")
struct ClientExitTests {
    @Test("--list --json that finds nothing prints nothing at all, not an empty line (point 14)",
          .enabled(if: TestTools.namespaces, "needs root with unshare (a network namespace of its own, where nothing is advertised)"))
    func emptyJSONListing() async throws {
        // A network namespace of its own: nothing is advertised there, whatever other tests host.
        let (status, output) = try await TestTools.running([
            "unshare", "--net", "sh", "-c", "ip link set lo up && exec \"$0\" --list --json --interface lo --timeout 0.5",
            Executables.path("partyclient"),
        ], timeout: 20)
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty, "printed \(output.utf8.count) bytes: \(output.debugDescription)")
    }

    @Test("--help says which exit status means what, 69 for a host gone away (point 15)")
    func helpNamesTheExitStatus() async throws {
        let (status, output) = try await TestTools.running([Executables.path("partyclient"), "--help"], environment: ["COLUMNS": "100"])
        #expect(status == 0)
        let joined = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(joined.contains("Exit status: 0 when the session ended"), "\(output)")
        #expect(joined.contains("69 when the host went away"), "\(output)")
    }

    @Test("a lost connection that cannot be restored ends the client with status 69 too (point 15)", .timeLimit(.minutes(6)))
    func lostForGood() async throws {
        // A host without a journal: its clients wait for nobody to restart it.
        let (host, hostPort) = try await LineModeHost.start(["--host-restart-wait", "0"])
        defer { host.stop() }
        let proxy = try LiveProcess("python3", [TestTools.scripts + "/cuttable_proxy.py", "\(hostPort)", "120"], label: "proxy")
        defer { proxy.stop() }
        // Patient waits: beside four CPU hogs a process start and a join took over 10 s.
        let listening = await proxy.waitForLine(timeout: .seconds(90)) { $0.hasPrefix("LISTENING ") }
        let port = try #require(listening.flatMap { Int($0.dropFirst("LISTENING ".count)) }, "\(proxy.transcript)")
        let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
        defer { client.stop() }
        try #require(await client.waitForLine(timeout: .seconds(90)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                     "\(client.transcript)")
        // The relay closes every connection at once from now on: not refused, never answered (the
        // client's 30 s of patience run out).
        proxy.signal(SIGUSR1)
        #expect(await client.waitForExit(timeout: .seconds(180)) == 69, "\(client.transcript)")
        #expect(client.lines.last?.hasPrefix("The connection to the host was lost and could not be restored in 30 seconds") == true,
                "\(client.transcript)")
    }
}
