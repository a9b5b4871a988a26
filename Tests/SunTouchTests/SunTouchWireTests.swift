import Foundation
import SunTouch
import Testing

@Suite("SunTouch moves on the wire")
struct SunTouchWireTests {
    @Test("a toss is {\"toss\":{\"value\":N}} and reads back")
    func toss() throws {
        let data = try JSONEncoder().encode(SunTouchMove.toss(7))
        #expect(String(decoding: data, as: UTF8.self) == #"{"toss":{"value":7}}"#)
        #expect(try JSONDecoder().decode(SunTouchMove.self, from: data) == .toss(7))
    }

    @Test("a strike keeps its labels")
    func strike() throws {
        let move = SunTouchMove.strike(x: 0.25, y: 0.5, radius: 0.1)
        let data = try JSONEncoder().encode(move)
        #expect(try JSONDecoder().decode(SunTouchMove.self, from: Data(#"{"strike":{"x":0.25,"y":0.5,"radius":0.1}}"#.utf8)) == move)
        #expect(try JSONDecoder().decode(SunTouchMove.self, from: data) == move)
    }
}
