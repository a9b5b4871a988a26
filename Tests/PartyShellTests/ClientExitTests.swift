import Foundation
import Testing

/// What `partyclient` leaves for a script: its output when nothing is found, and its exit status
/// (issue "The room must never stick", points 14 and 15).
@Suite("partyclient's output and exit status for scripts")
struct ClientExitTests {
    @Test("--list --json that finds nothing prints nothing at all, not an empty line (point 14)",
          .enabled(if: TestTools.namespaces, "needs root with unshare (a network namespace of its own, where nothing is advertised)"))
    func emptyJSONListing() throws {
        // A network namespace of its own: nothing is advertised there, whatever other tests host.
        let (status, output) = try TestTools.run([
            "unshare", "--net", "sh", "-c", "ip link set lo up && exec \"$0\" --list --json --interface lo --timeout 0.5",
            Executables.path("partyclient"),
        ], timeout: 20)
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty, "printed \(output.utf8.count) bytes: \(output.debugDescription)")
    }

    @Test("--help says which exit status means what, 69 for a host gone away (point 15)")
    func helpNamesTheExitStatus() throws {
        let (status, output) = try TestTools.run([Executables.path("partyclient"), "--help"], environment: ["COLUMNS": "100"])
        #expect(status == 0)
        let joined = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(joined.contains("Exit status: 0 when the session ended"), "\(output)")
        #expect(joined.contains("69 when the host went away"), "\(output)")
    }
}
