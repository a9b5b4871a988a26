import Foundation
import Testing

/// partyhost's options that the audits found unchecked or missing (issue "The room must never
/// stick", points 13 and 22): each mistake ends the start with status 64 and a sentence.
@Suite("partyhost checks its options before it hosts")
struct HostOptionChecksTests {
    @Test("a misspelt --interface ends the start with status 64 and lists the interfaces (point 22)", arguments: [
        ["--game", "fourinarow", "--interface", "nosuch0"],
        ["--interface", "lo", "--interface", "nosuch0"],
        ["--game", "snap", "--no-advertise", "--interface", "nosuch0"],
    ])
    func misspeltInterface(arguments: [String]) throws {
        let (status, output) = try Executables.run("partyhost", arguments + ["--line-mode", "--port", "0"], timeout: 20)
        #expect(status == 64, "\(arguments): \(output)")
        #expect(output.contains("--interface nosuch0: there is no interface nosuch0"), "\(arguments): \(output)")
        // Every machine has loopback: the list of interfaces names it.
        #expect(output.contains("this machine has: ") && output.contains("lo"), "\(arguments): \(output)")
        #expect(!output.contains("Hosting "), "\(arguments): it hosted anyway: \(output)")
    }
}
