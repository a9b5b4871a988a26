import Testing
@testable import TwentyFour

@Suite struct ExpressionParserTests {
    static let challenge = [3, 3, 8, 8]

    @Test(arguments: [
        "8/(3-8/3)", "8 / (3 − 8/3)", "8÷(3−8÷3)", "  8/( 3 - 8 / 3 )  ", "(8)/((3)-(8/3))",
    ])
    func acceptsTheWaysPlayersWriteIt(text: String) throws {
        let expression = try ExpressionParser.check(text, numbers: Self.challenge)
        #expect(try expression.evaluate() == Rational(24))
    }

    @Test(arguments: [
        ("5*(5-1/5)", [1, 5, 5, 5]),
        ("5 × (5 − 1 ÷ 5)", [1, 5, 5, 5]),
        ("5x(5-1/5)", [5, 5, 1, 5]),
        ("(1+2+3)*4", [4, 3, 2, 1]),
        ("6*4*1*1", [1, 1, 4, 6]),
    ] as [(String, [Int])])
    func acceptsOperatorsAsTyped(text: String, numbers: [Int]) {
        #expect((try? ExpressionParser.check(text, numbers: numbers)) != nil)
    }

    @Test(arguments: [
        ("", ExpressionError.empty),
        ("   ", .empty),
        ("8 + a", .unexpectedCharacter("a", at: 5)),
        ("8 + 3 =", .unexpectedCharacter("=", at: 7)),
        ("8 +", .incomplete),
        ("(8 + 3", .unclosedParenthesis(at: 1)),
        ("8 + 3)", .unmatchedParenthesis(at: 6)),
        ("8 3", .missingOperator(at: 3)),
        ("8(3-8/3)", .missingOperator(at: 2)),
        ("(8 3)", .missingOperator(at: 4)),
        ("8 + * 3", .missingNumber(at: 5)),
        ("-8 + 3", .missingNumber(at: 1)),
        ("()", .missingNumber(at: 2)),
        ("1234567890", .numberTooLong(at: 1)),
    ] as [(String, ExpressionError)])
    func syntaxErrorsSayWhere(text: String, expected: ExpressionError) {
        #expect(throws: expected) { try ExpressionParser.parse(text) }
        #expect(expected.isSyntaxError)
        #expect(!expected.description.isEmpty)
    }

    @Test(arguments: [
        ("8/(3-8/4)", ExpressionError.notInChallenge(number: 4, challenge: [3, 3, 8, 8])),
        ("8/(3-8/3)+12-12", .notInChallenge(number: 12, challenge: [3, 3, 8, 8])),
        ("8*3*3/8*8", .usedTooOften(number: 8, used: 3, available: 2)),
        ("8*3+3*3-8", .usedTooOften(number: 3, used: 3, available: 2)),
        ("8*3", .leftOut(number: 3)),
        ("8*3/3", .leftOut(number: 8)),
        ("8+8+3", .leftOut(number: 3)),
        ("8/(3-3)+8", .divisionByZero),
        ("8+8+3+3", .notTwentyFour(Rational(22))),
        ("8*8/3+3", .notTwentyFour(try! Rational(numerator: 73, denominator: 3))),
    ] as [(String, ExpressionError)])
    func checkErrors(text: String, expected: ExpressionError) {
        #expect(throws: expected) { try ExpressionParser.check(text, numbers: Self.challenge) }
        #expect(!expected.isSyntaxError)
    }

    @Test func descriptionsReadWell() {
        #expect(ExpressionError.notTwentyFour(Rational(22)).description.contains("that makes 22"))
        let fraction = try! Rational(numerator: 71, denominator: 3)
        #expect(ExpressionError.notTwentyFour(fraction).description.contains("that makes 71/3"))
        #expect(ExpressionError.missingNumber(at: 5).description.contains("position 5"))
        #expect(ExpressionError.usedTooOften(number: 8, used: 2, available: 1).description
            == "You used the 8 twice, but the challenge has it once.")
        #expect(ExpressionError.leftOut(number: 7).description.contains("left out the 7"))
        #expect(ExpressionError.divisionByZero.description == "That divides by zero.")
        #expect(ExpressionError.unexpectedCharacter("\u{1B}", at: 1).description.contains("“?”"))
    }

    @Test func limitsLengthAndHugeNumbers() {
        let long = String(repeating: "1+", count: 150) + "1"
        #expect(throws: ExpressionError.tooLong(limit: ExpressionParser.maximumLength)) { try ExpressionParser.parse(long) }
        #expect(throws: ExpressionError.tooLarge) {
            try ExpressionParser.evaluate(ExpressionParser.parse("999999999*999999999*999999999"))
        }
    }

    @Test(arguments: [
        ("1+2*3", "1 + 2 × 3"), ("(1+2)*3", "(1 + 2) × 3"), ("8-(3-1)", "8 − (3 − 1)"),
        ("8-3-1", "8 − 3 − 1"), ("8/(3/4)", "8 / (3/4)"), ("(8/3)/4", "(8/3) / 4"), ("2*(3*4)", "2 × 3 × 4"),
    ])
    func printsWithMinimalParentheses(text: String, printed: String) throws {
        let expression = try ExpressionParser.parse(text)
        #expect(expression.description == printed)
        #expect(try ExpressionParser.parse(printed).evaluate() == expression.evaluate())
    }

    /// Every spelling PROTOCOL.md section 9 lists, and the three things it says are refused by design.
    @Test("The documented grammar: every listed symbol is read, unary minus, decimals and implicit multiplication are not",
          arguments: [
              ("(8-4)*6", nil), ("(8−4)×6", nil), ("(8–4)·6", nil), ("(8-4)x6", nil), ("(8-4)X6", nil),
              ("\t(8 - 4) * 6", nil), ("8÷(3−8÷3)", nil),
              ("-3+27", "missingNumber"), ("1.5*16", "unexpectedCharacter"), ("2(3+9)", "missingOperator"),
          ] as [(String, String?)])
    func documentedGrammar(text: String, code: String?) {
        do {
            _ = try ExpressionParser.parse(text)
            #expect(code == nil, "\(text) was read")
        } catch {
            #expect(error.code == code, "\(text): \(error)")
        }
    }
}
