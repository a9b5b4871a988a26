import Foundation
import Testing

/// partyclient's command line for WebSocket joins: each mistake is one clear sentence and status 64.
@Suite("partyclient's URL, --room and --ca-file options")
struct WebSocketOptionsTests {
    @Test("bad URLs, room codes and combinations are refused before anything is sent", arguments: [
        (["ftp://party.example.org/ABCD"], "is not a server's address: use https://HOST/CODE"),
        (["https://party.example.org/ABCD/tv"], "is not a server's address"),
        (["https://party.example.org/AB1D"], "\"AB1D\" is not a room code: a room code is four letters A to Z"),
        (["--connect", "127.0.0.1:4711", "--room", "abcde"], "\"abcde\" is not a room code"),
        (["--room", "ABCD"], "--room needs --connect HOST:PORT"),
        (["https://party.example.org/ABCD", "--connect", "127.0.0.1:4711"], "Give either a URL or --connect, not both."),
        (["http://party.example.org/ABCD", "--ca-file", "/etc/hostname"], "--ca-file only works with an https:// URL"),
        (["https://party.example.org/ABCD", "--ca-file", "/nonexistent/ca.pem"], "Cannot read the --ca-file"),
        (["https://party.example.org/ABCD", "--ca-file", "/etc/hostname"], "holds no certificate"),
    ])
    func refused(arguments: [String], message: String) async throws {
        let (status, output) = try await Executables.run("partyclient", arguments + ["--line-mode"])
        #expect(status == 64, "\(output)")
        #expect(output.contains(message), "\(output)")
    }
}
