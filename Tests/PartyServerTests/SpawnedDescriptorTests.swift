import Foundation
import PartyTestSupport
import Testing

/// A program a test starts gets standard input, output and error, and nothing else of the test
/// process: a socket the test closes must really close, not live on in a child.
@Suite("A started program inherits no other descriptor")
struct SpawnedDescriptorTests {
    @Test("a descriptor the test holds open, not close-on-exec, is not open in the child")
    func nothingLeaks() async throws {
        // A socket as SwiftNIO makes them: not close-on-exec.
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(held > 2)
        defer { close(held) }
        try #require(fcntl(held, F_GETFD) & FD_CLOEXEC == 0)
        let (status, output) = try await Spawned.running("/bin/sh", ["-c", "if [ -e /proc/self/fd/\(held) ]; then echo leaked; else echo clean; fi; ls /proc/self/fd | wc -l"])
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "clean", "descriptor \(held) reached the child: \(output)")
        // 0, 1, 2, and the one `ls` reads the folder through.
        #expect(lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } == 4, "\(output)")
    }
}
