import Testing
@testable import TwentyFour

@Suite struct RationalTests {
    @Test func reducesAndKeepsTheSignOnTop() throws {
        let r = try Rational(numerator: 6, denominator: -4)
        #expect(r.numerator == -3 && r.denominator == 2)
        #expect(r.description == "-3/2")
        #expect(try Rational(numerator: 0, denominator: -7) == Rational(0))
    }

    @Test func exactArithmetic() throws {
        let eightThirds = try Rational(8).divided(by: Rational(3))
        let denominator = try Rational(3).subtracting(eightThirds)
        #expect(denominator.description == "1/3")
        #expect(try Rational(8).divided(by: denominator) == Rational(24))
        #expect(try Rational(1).divided(by: Rational(5)).adding(Rational(1)).description == "6/5")
        #expect(try Rational(71).divided(by: Rational(3)).description == "71/3")
        #expect(Rational(1) < (try Rational(numerator: 4, denominator: 3)))
    }

    @Test func divisionByZeroAndOverflowAreErrors() {
        #expect(throws: RationalError.divisionByZero) { try Rational(5).divided(by: Rational(0)) }
        #expect(throws: RationalError.divisionByZero) { try Rational(numerator: 1, denominator: 0) }
        let big = Rational(Int.max / 2)
        #expect(throws: RationalError.overflow) { try big.multiplied(by: Rational(4)) }
        #expect(throws: RationalError.overflow) { try big.adding(big).adding(big) }
        #expect(throws: RationalError.overflow) { try Rational(Int(Int64.min + 1)).subtracting(Rational(2)) }
    }
}
