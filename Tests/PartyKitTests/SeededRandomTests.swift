import PartyKit
import Testing

@Suite("SeededRandom")
struct SeededRandomTests {
    /// The first outputs of xoshiro256** seeded through SplitMix64, computed independently (Python).
    @Test("matches the reference xoshiro256** sequence", arguments: [
        (UInt64(0), [UInt64(0x99ec_5f36_cb75_f2b4), 0xbf6e_1f78_4956_452a, 0x1a5f_849d_4933_e6e0]),
        (UInt64(42), [UInt64(0x1578_0b2e_0c2e_c716), 0x6104_d986_6d11_3a7e, 0xae17_5332_39e4_99a1]),
    ])
    func referenceSequence(seed: UInt64, expected: [UInt64]) {
        var random = SeededRandom(seed: seed)
        #expect((0..<expected.count).map { _ in random.next() } == expected)
    }

    @Test("the same seed gives the same sequence; another seed a different one")
    func determinism() {
        var a = SeededRandom(seed: 7)
        var b = SeededRandom(seed: 7)
        var c = SeededRandom(seed: 8)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
    }

    @Test("a copy continues exactly like the original (it is a value)")
    func copying() {
        var original = SeededRandom(seed: 99)
        _ = original.next()
        var copy = original
        #expect(original == copy)
        #expect(original.next() == copy.next())
        _ = original.next()
        #expect(original != copy)
    }

    @Test("standard library helpers are deterministic with it")
    func standardLibrary() {
        var a = SeededRandom(seed: 3)
        var b = SeededRandom(seed: 3)
        let deck = Array(1...52)
        #expect(deck.shuffled(using: &a) == deck.shuffled(using: &b))
        #expect(Int.random(in: 0..<1000, using: &a) == Int.random(in: 0..<1000, using: &b))
        #expect(deck.shuffled(using: &a) != deck)
    }

    @Test("split gives a deterministic stream that differs from its parent's")
    func split() {
        var parentA = SeededRandom(seed: 11)
        var parentB = SeededRandom(seed: 11)
        var childA = parentA.split()
        var childB = parentB.split()
        let childSequence = (0..<20).map { _ in childA.next() }
        #expect(childSequence == (0..<20).map { _ in childB.next() })
        #expect(parentA == parentB)
        #expect(childSequence != (0..<20).map { _ in parentA.next() })
        // Splitting advances the parent by one draw.
        var plain = SeededRandom(seed: 11)
        _ = plain.next()
        #expect((0..<5).map { _ in plain.next() } == (0..<5).map { _ in parentB.next() })
        // Two splits in a row differ from each other.
        var parent = SeededRandom(seed: 5)
        var first = parent.split()
        var second = parent.split()
        #expect(first.next() != second.next())
    }

    @Test("the state survives a Codable round trip mid-sequence")
    func codable() throws {
        var random = SeededRandom(seed: 1234)
        for _ in 0..<5 { _ = random.next() }
        let data = try JSONEncoder().encode(random)
        var decoded = try JSONDecoder().decode(SeededRandom.self, from: data)
        #expect(decoded == random)
        #expect(decoded.next() == random.next())
    }
}

import Foundation
