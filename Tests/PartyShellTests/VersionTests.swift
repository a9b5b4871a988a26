import PartyWire
import Testing

/// `--version` on each program: the build's version, the one `hello.clientVersion` carries.
@Suite("The executables say their version")
struct VersionTests {
    @Test("--version prints the build's version and exits 0", arguments: ["partyhost", "partyclient", "fourinarow-solver"])
    func version(program: String) async throws {
        let (status, output) = try await Executables.run(program, ["--version"])
        #expect(status == 0, "\(output)")
        #expect(output == WireProtocol.softwareVersion + "\n", "\(output)")
        #expect(WireProtocol.softwareVersion.first?.isNumber == true)
    }
}
