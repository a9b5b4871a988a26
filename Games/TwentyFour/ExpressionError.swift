/// Why a typed expression is not a correct answer; positions count characters from 1.
public enum ExpressionError: Error, Hashable, Sendable {
    /// Nothing but spaces was typed.
    case empty
    /// The text is longer than any sensible answer.
    case tooLong(limit: Int)
    /// A character that is not a digit, an operator, a parenthesis or a space.
    case unexpectedCharacter(Character, at: Int)
    /// A number has more digits than any challenge number could.
    case numberTooLong(at: Int)
    /// A number or `(` is needed here but something else was found.
    case missingNumber(at: Int)
    /// The expression stops where a number or `(` is still needed.
    case incomplete
    /// Two numbers or parenthesised parts follow each other without an operator between them.
    case missingOperator(at: Int)
    /// A `(` is never closed.
    case unclosedParenthesis(at: Int)
    /// A `)` has no `(` to match.
    case unmatchedParenthesis(at: Int)
    /// A number that is not among the challenge's four.
    case notInChallenge(number: Int, challenge: [Int])
    /// A number used more often than the challenge has it.
    case usedTooOften(number: Int, used: Int, available: Int)
    /// A challenge number that the expression does not use.
    case leftOut(number: Int)
    /// The expression divides by zero somewhere.
    case divisionByZero
    /// Intermediate values do not fit in 64-bit fractions.
    case tooLarge
    /// The expression is valid but its value is not 24.
    case notTwentyFour(Rational)

    /// A stable camelCase code for the wire.
    public var code: String {
        switch self {
        case .empty: "emptyExpression"
        case .tooLong: "expressionTooLong"
        case .unexpectedCharacter: "unexpectedCharacter"
        case .numberTooLong: "numberTooLong"
        case .missingNumber: "missingNumber"
        case .incomplete: "incompleteExpression"
        case .missingOperator: "missingOperator"
        case .unclosedParenthesis: "unclosedParenthesis"
        case .unmatchedParenthesis: "unmatchedParenthesis"
        case .notInChallenge: "numberNotInChallenge"
        case .usedTooOften: "numberUsedTooOften"
        case .leftOut: "numberLeftOut"
        case .divisionByZero: "divisionByZero"
        case .tooLarge: "valueTooLarge"
        case .notTwentyFour: "notTwentyFour"
        }
    }

    /// Whether this is a syntax error (the text is not an expression at all).
    public var isSyntaxError: Bool {
        switch self {
        case .empty, .tooLong, .unexpectedCharacter, .numberTooLong, .missingNumber, .incomplete,
             .missingOperator, .unclosedParenthesis, .unmatchedParenthesis:
            true
        case .notInChallenge, .usedTooOften, .leftOut, .divisionByZero, .tooLarge, .notTwentyFour:
            false
        }
    }

    /// Whether typing more could still make the text a valid expression (for live evaluation).
    public var isIncomplete: Bool {
        switch self {
        case .empty, .incomplete, .unclosedParenthesis: true
        default: false
        }
    }
}

extension ExpressionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            "Type an expression that uses the four numbers."
        case .tooLong(let limit):
            "That is too long: answers have at most \(limit) characters."
        case .unexpectedCharacter(let character, let position):
            "“\(character.isControlLike ? "?" : character)” at position \(position) is not allowed: use digits, + − × ÷, parentheses and spaces."
        case .numberTooLong(let position):
            "The number at position \(position) has far too many digits."
        case .missingNumber(let position):
            "A number or “(” is missing at position \(position)."
        case .incomplete:
            "The expression stops too soon: a number or “(” is missing at the end."
        case .missingOperator(let position):
            "An operator is missing before position \(position)."
        case .unclosedParenthesis(let position):
            "The “(” at position \(position) is never closed."
        case .unmatchedParenthesis(let position):
            "The “)” at position \(position) has no matching “(”."
        case .notInChallenge(let number, let challenge):
            "\(number) is not one of the numbers \(challenge.map(String.init).joined(separator: " "))."
        case .usedTooOften(let number, let used, let available):
            "You used the \(number) \(ExpressionError.times(used)), but the challenge has it \(ExpressionError.times(available))."
        case .leftOut(let number):
            "You left out the \(number): use all four numbers, each exactly once."
        case .divisionByZero:
            "That divides by zero."
        case .tooLarge:
            "The numbers get too large to work out."
        case .notTwentyFour(let value):
            "Not quite: that makes \(value), not 24."
        }
    }

    /// "once", "twice", "three times"…
    static func times(_ count: Int) -> String {
        switch count {
        case 1: "once"
        case 2: "twice"
        case 3: "three times"
        case 4: "four times"
        default: "\(count) times"
        }
    }
}
