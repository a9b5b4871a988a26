import Foundation
import Testing

/// A port another program listens on: the host says so in one sentence and ends at once, for a
/// single game and for a party room (it used to wait for its port forever, silent, and even
/// ignored SIGTERM).
@Suite("A port in use", .timeLimit(.minutes(2)))
struct PortInUseTests {
    @Test("partyhost on a port in use says so and ends with status 1", arguments: [["--game", "fourinarow"], ["--games", "rps"]])
    func portInUse(_ game: [String]) async throws {
        let port = TestTools.freePort()
        let listener = try #require(Self.listen(on: port), "could not listen on \(port)")
        defer { close(listener) }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("inuse")).path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let host = try LiveProcess(Executables.path("partyhost"),
                                   game + ["--dedicated", "--bots", "1", "--port", "\(port)", "--bind", "127.0.0.1",
                                           "--no-advertise", "--line-mode", "--state", state])
        let status = await host.waitForExit(timeout: .seconds(30))
        #expect(status == 1, "\(host.transcript)")
        #expect(host.errors.contains("Port \(port) is in use on 127.0.0.1: another program listens there."), "\(host.transcript)")
        #expect(!host.output.contains("Hosting "), "\(host.transcript)")
    }

    /// A socket listening on 127.0.0.1:`port` (nil when it cannot).
    static func listen(on port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound, Glibc.listen(descriptor, 8) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
