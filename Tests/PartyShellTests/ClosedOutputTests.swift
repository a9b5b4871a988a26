import Foundation
import PartyTestSupport
import Testing

extension EndToEnd {
    /// Both programs when whoever reads their output goes away (`… | head -1`, a closed standard
    /// error): they end quietly, killed by SIGPIPE as other Unix tools are, and never trap.
    @Suite("A closed output", .serialized, .timeLimit(.minutes(6)))
    struct ClosedOutputTests {
        /// The status bash reports for a program killed by SIGPIPE.
        static let killedBySIGPIPE = "141"

        /// Runs `words | head -1` in bash with standard input from the test; once head has printed
        /// its line, types "help" (which makes the program write again) until the pipeline ends.
        /// Returns what bash printed: head's line and the program's status.
        func pipedToHead(_ words: [String]) async throws -> (firstLine: String?, status: String?, transcript: String) {
            signal(SIGPIPE, SIG_IGN) // typing into a shell that has just ended must not end the tests
            let script = TestTools.shellLine(words) + " | head -1; echo \"[status ${PIPESTATUS[0]}]\""
            let shell = try LiveProcess("bash", ["-c", script], label: "bash")
            defer { shell.stop() }
            // Patient: beside four CPU hogs a start and a write to a closed pipe take their time.
            let first = await shell.waitForLine(timeout: .seconds(90)) { _ in true }
            let ended = await Poll.until(timeout: .seconds(120), interval: .milliseconds(200)) {
                if shell.output.contains("[status ") { return true }
                shell.send("help")
                return false
            }
            let status = ended ? shell.output.split(separator: "[status ").last.map { String($0.prefix { $0.isNumber }) } : nil
            return (first, status, shell.transcript)
        }

        @Test("partyhost --line-mode | head -1: the host ends quietly when head has gone")
        func hostPipedToHead() async throws {
            let port = TestTools.freePort()
            let result = try await pipedToHead([Executables.path("partyhost"), "--game", "fourinarow", "--line-mode",
                                                "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise"])
            #expect(result.firstLine?.hasPrefix("Hosting") == true, "\(result.transcript)")
            #expect(result.status == Self.killedBySIGPIPE, "the host did not end as SIGPIPE ends a program:\n\(result.transcript)")
            #expect(!result.transcript.contains("Fatal error"), "\(result.transcript)")
        }

        @Test("partyclient --line-mode | head -1: the client ends quietly when head has gone")
        func clientPipedToHead() async throws {
            let (host, port) = try await LineModeHost.start()
            defer { host.stop() }
            let result = try await pipedToHead([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)",
                                                "--line-mode", "--name", "Zed"])
            #expect(result.firstLine?.hasPrefix("Joined") == true, "\(result.transcript)")
            #expect(result.status == Self.killedBySIGPIPE, "the client did not end as SIGPIPE ends a program:\n\(result.transcript)")
            #expect(host.isRunning, "the host went down with the client: \(host.transcript)")
        }

        @Test("party-scaffold's error to a closed standard error (SIGPIPE ignored by its parent) is no trap")
        func scaffoldErrorToClosedStandardError() async throws {
            signal(SIGPIPE, SIG_IGN) // inherited by the child, so the write fails with EPIPE
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            close(ends[0])
            defer { close(ends[1]) }
            // No name: an error.
            let status = try await Spawned(Executables.path("party-scaffold"), [], stderr: .descriptor(ends[1])).exited()
            #expect(status == 1, "ended with \(status) (128 + N: by signal N)")
        }

        @Test("A warning written to a closed standard error ends the host quietly, not with a trap")
        func warningToClosedStandardError() async throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            close(ends[0]) // nobody will ever read standard error
            // A name whose session name is too long for a DNS label (24 three-byte characters): the
            // host warns that it cannot advertise the session. (A misspelt --interface, used here
            // before, now stops the start instead.)
            let arguments = ["--game", "fourinarow", "--line-mode", "--port", "\(TestTools.freePort())",
                             "--bind", "127.0.0.1", "--interface", "lo", "--name", String(repeating: "€", count: 24)]
            // Standard input a pipe kept open: the host's player stays until the host ends.
            let host = try Spawned(Executables.path("partyhost"), arguments, stdin: .pipe, stderr: .descriptor(ends[1]))
            close(ends[1])
            defer {
                host.signal(SIGKILL)
                host.wait()
            }
            let exited = await Poll.until(timeout: .seconds(30)) { !host.isRunning }
            try #require(exited, "the host never wrote its warning or never ended")
            let status = host.wait()
            #expect(status == 128 + SIGPIPE, "ended with \(status) (128 + N: by signal N), not by SIGPIPE")
        }
    }
}
