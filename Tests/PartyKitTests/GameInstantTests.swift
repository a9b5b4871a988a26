import Foundation
import PartyKit
import Testing

@Suite("GameInstant")
struct GameInstantTests {
    @Test("seconds convert to rounded milliseconds", arguments: [
        (0.0, Int64(0)), (1.5, 1500), (0.0004, 0), (0.0005, 1), (2.0015, 2002), (-1.25, -1250),
    ])
    func seconds(_ seconds: Double, milliseconds: Int64) {
        #expect(GameInstant.seconds(seconds).milliseconds == milliseconds)
    }

    @Test("adding and measuring")
    func arithmetic() {
        let start = GameInstant(milliseconds: 1000)
        #expect(start.adding(milliseconds: 250) == GameInstant(milliseconds: 1250))
        #expect(start.adding(milliseconds: -1500) == GameInstant(milliseconds: -500))
        #expect(start.adding(seconds: 0.75) == GameInstant(milliseconds: 1750))
        #expect(start.adding(seconds: 2.0004).milliseconds == 3000)
        #expect(GameInstant(milliseconds: 1750).milliseconds(since: start) == 750)
        #expect(start.milliseconds(since: GameInstant(milliseconds: 1750)) == -750)
        #expect(GameInstant.zero.milliseconds == 0)
    }

    @Test("ordering and description")
    func ordering() {
        let early = GameInstant(milliseconds: 5)
        let late = GameInstant(milliseconds: 6)
        #expect(early < late)
        #expect(!(late < early))
        #expect(max(early, late) == late)
        #expect([late, .zero, early].sorted() == [.zero, early, late])
        #expect(early.description == "t+5ms")
    }

    @Test("encodes as a bare number of milliseconds")
    func codable() throws {
        let data = try JSONEncoder().encode([GameInstant(milliseconds: 1234)])
        #expect(String(decoding: data, as: UTF8.self) == "[1234]")
        #expect(try JSONDecoder().decode(GameInstant.self, from: Data("-7".utf8)) == GameInstant(milliseconds: -7))
    }
}
