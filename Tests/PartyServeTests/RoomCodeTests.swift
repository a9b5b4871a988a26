import Logging
import NIOPosix
import PartyServer
import Testing

/// Room codes and the limit on guessing them, without sockets.
@Suite("Room codes and guessing")
struct RoomCodeTests {
    @Test("codes are four letters of the alphabet without misreadable letters; 20,000 drawn are spread over it")
    func codes() {
        var random = SystemRandomNumberGenerator()
        var seen: [Character: Int] = [:]
        for _ in 0..<20_000 {
            let code = RoomCode.random(using: &random)
            #expect(code.count == 4)
            for letter in code { seen[letter, default: 0] += 1 }
        }
        #expect(Set(seen.keys) == Set(RoomCode.alphabet))
        #expect(!RoomCode.alphabet.contains { "IOQUBGSZ".contains($0) })
        // Each letter about 80,000 / 18 ≈ 4,444 times: none under half of that.
        #expect(seen.values.allSatisfy { $0 > 2_000 }, "\(seen)")
    }

    @Test("a typed code is read in any case, with spaces; anything else is no code", arguments: [
        ("abcd", "ABCD"), (" wxyz ", "WXYZ"), ("ab cd", "ABCD"), ("abc", nil), ("abcde", nil), ("ab1d", nil), ("äbcd", nil), ("", nil),
    ] as [(String, String?)])
    func normalized(_ text: String, _ expected: String?) {
        #expect(RoomCode.normalized(text) == expected)
    }

    @Test("wrong codes: free at first, then slowed step by step, then refused for the lockout; right codes cost nothing")
    func guessing() {
        var guesses = CodeGuesses()
        let address = "203.0.113.9"
        for index in 0..<5 {
            #expect(guesses.check(address, now: Int64(index)) == .answer(delay: 0))
            guesses.missed(address, now: Int64(index))
        }
        #expect(guesses.check(address, now: 10) == .answer(delay: 500))
        guesses.missed(address, now: 10)
        #expect(guesses.check(address, now: 11) == .answer(delay: 1_000))
        // Another address is not slowed by this one.
        #expect(guesses.check("198.51.100.1", now: 11) == .answer(delay: 0))
        for index in 0..<14 { guesses.missed(address, now: 20 + Int64(index)) }
        #expect(guesses.check(address, now: 100) == .refused(seconds: 600))
        #expect(guesses.check(address, now: 100 + 10 * 60_000) == .answer(delay: 0))
        // Wrong codes older than the window are forgotten.
        var later = CodeGuesses()
        for index in 0..<10 { later.missed(address, now: Int64(index)) }
        #expect(later.check(address, now: 11 * 60_000) == .answer(delay: 0))
    }

    @Test("in a fleet, a room on its way to another node is no wrong code: one home's phones may ask for it again and again")
    func movingRoom() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let directory = FakeDirectory()
        directory.moving = ["WXYZ"]
        let server = RoomServer(options: ServeOptions(host: HostOptions(bindAddress: "127.0.0.1", port: 0)), loop: group.next(),
                                logger: Logger(label: "codes"), directory: directory)
        let home = "203.0.113.9"
        // Seven phones, each trying every node about once a second until the room is back.
        for _ in 0..<70 {
            guard case .none(let delay) = server.lookUp("wxyz", for: home) else {
                Issue.record("the room's code was refused or slowed")
                return
            }
            #expect(delay == 0)
        }
        // Wrong codes from that home are counted as ever: free at first, then refused.
        for _ in 0..<20 { _ = server.lookUp("QQQQ", for: home) }
        guard case .refused = server.lookUp("QQQQ", for: home) else {
            Issue.record("twenty wrong codes were not refused")
            return
        }
    }
}
