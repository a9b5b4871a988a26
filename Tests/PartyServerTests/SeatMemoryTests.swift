import Foundation
import PartyClient
import PartyWire
import Testing

/// The client's on-disk memory of its seats (issue 17, point 1).
@Suite("Seats kept between runs of the client")
struct SeatMemoryTests {
    let address = HostAddress(host: "127.0.0.1", port: 4711)

    /// A seat folder of the test's own, deleted (with its parents up to the test's root) afterwards.
    func folder() -> String {
        FileManager.default.temporaryDirectory.path + "/seat-tests-\(UInt32.random(in: 0...UInt32.max))/partyclient/seats"
    }

    func cleanUp(_ directory: String) {
        try? FileManager.default.removeItem(atPath: ((directory as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent)
    }

    func welcome(session: String = "cb4ef9af93677dcf", token: String, role: String = "player") -> Welcome {
        Welcome(session: session, game: "fourinarow", title: "Four in a Row", sessionName: "Dee's Four in a Row",
                seat: role == "player" ? 1 : nil, role: role, name: "Bob", players: [], minPlayers: 2, maxPlayers: 2, token: token)
    }

    /// `memory.claim()`, asked again while it finds nothing for a while: other tests in this process
    /// start programs, and a child between its fork and its exec still holds the seat file's lock
    /// that this test has just let go (a flock belongs to the open file, which the child shares
    /// until exec closes it). On a busy machine that moment was seen to last long enough to fail.
    func claimOnceFree(_ memory: SeatMemory) async -> String? {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let token = memory.claim() { return token }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return memory.claim()
    }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test("the XDG state folder, else ~/.local/state; a relative XDG_STATE_HOME is ignored")
    func standardDirectory() {
        #expect(SeatMemory.standardDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/partyclient/seats")
        #expect(SeatMemory.standardDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/partyclient/seats")
        #expect(SeatMemory.standardDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/partyclient/seats")
        #expect(SeatMemory.standardDirectory(environment: [:]) == nil)
    }

    @Test("the newest token is kept, private to the user, and found again by the next run for the same session and name")
    func keepsTheNewestToken() async throws {
        let directory = folder()
        defer { cleanUp(directory) }
        let first = SeatMemory(directory: directory, address: address, instance: "Dee's Four in a Row", name: "Bob")
        #expect(first.claim() == nil)
        first.remember(welcome(token: "aaaa"))
        first.remember(welcome(token: "bbbb"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1)
        #expect(mode(directory + "/" + files[0]) == 0o600)
        #expect(mode(directory) == 0o700)
        #expect(mode((directory as NSString).deletingLastPathComponent) == 0o700)

        // While the first client runs, a second one of the same user does not take its token.
        let second = SeatMemory(directory: directory, address: address, instance: nil, name: "Bob")
        #expect(second.claim() == nil)
        first.close()
        #expect(await claimOnceFree(second) == "bbbb")
        second.close()

        // The same session from the list at another address (the instance name matches); another name does not.
        let fromList = SeatMemory(directory: directory, address: HostAddress(host: "10.0.0.5", port: 4711),
                                  instance: "Dee's Four in a Row", name: "Bob")
        #expect(await claimOnceFree(fromList) == "bbbb")
        fromList.close()
        #expect(SeatMemory(directory: directory, address: address, instance: nil, name: "Carol").claim() == nil)
        #expect(SeatMemory(directory: directory, address: HostAddress(host: "127.0.0.1", port: 4712), instance: nil, name: "Bob").claim() == nil)
    }

    @Test("forgetting deletes the file; spectators keep nothing; an unreadable file is cleared away")
    func forgetting() throws {
        let directory = folder()
        defer { cleanUp(directory) }
        let memory = SeatMemory(directory: directory, address: address, instance: nil, name: "Bob")
        memory.remember(welcome(token: "", role: "spectator"))
        #expect(memory.saved == nil)
        memory.remember(welcome(token: "aaaa"))
        #expect(memory.saved?.token == "aaaa")
        memory.forget()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)

        #expect(FileManager.default.createFile(atPath: directory + "/broken.json", contents: Data("{\"tok".utf8)))
        #expect(SeatMemory(directory: directory, address: address, instance: nil, name: "Bob").claim() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("a welcome from another session replaces the claimed file instead of mixing the two")
    func anotherSessionReplacesTheFile() async throws {
        let directory = folder()
        defer { cleanUp(directory) }
        let old = SeatMemory(directory: directory, address: address, instance: nil, name: "Bob")
        old.remember(welcome(session: "1111111111111111", token: "aaaa"))
        old.close()
        let next = SeatMemory(directory: directory, address: address, instance: nil, name: "Bob")
        #expect(await claimOnceFree(next) == "aaaa")
        next.remember(welcome(session: "2222222222222222", token: "cccc"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1 && files[0].hasPrefix("2222222222222222-"), "\(files)")
        next.close()
    }
}
