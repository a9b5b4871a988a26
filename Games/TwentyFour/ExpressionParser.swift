/// Reads what players type (`8/(3-8/3)`, `5 × (5 − 1 ÷ 5)`) and checks it against a challenge.
///
/// Accepted: digits, `+`, `-` or `−`, `*`, `×` or `x`, `/` or `÷`, parentheses and spaces. There is
/// no unary minus: every number is written as a plain positive number, as in the card game.
public enum ExpressionParser {
    /// The longest text accepted as an answer.
    public static let maximumLength = 200

    /// Parses `text` into an expression tree, or says what is wrong and where.
    public static func parse(_ text: String) throws(ExpressionError) -> ArithmeticExpression {
        guard text.utf8.count <= maximumLength * 4, text.count <= maximumLength else {
            throw .tooLong(limit: maximumLength)
        }
        var reader = Reader(tokens: try tokenize(text))
        guard !reader.tokens.isEmpty else { throw .empty }
        let expression = try reader.expression()
        if let token = reader.peek {
            if case .close = token.kind { throw .unmatchedParenthesis(at: token.position) }
            throw .missingOperator(at: token.position)
        }
        return expression
    }

    /// Checks a typed answer against the challenge: it parses, uses exactly the challenge's numbers
    /// (each as often as dealt), divides by no zero, and equals 24. Returns the parsed expression.
    @discardableResult
    public static func check(_ text: String, numbers challenge: [Int]) throws(ExpressionError) -> ArithmeticExpression {
        let expression = try parse(text)
        let sortedChallenge = challenge.sorted()
        var available: [Int: Int] = [:]
        for number in challenge { available[number, default: 0] += 1 }
        var used: [Int: Int] = [:]
        for number in expression.numbers {
            guard let count = available[number] else {
                throw .notInChallenge(number: number, challenge: sortedChallenge)
            }
            used[number, default: 0] += 1
            if used[number, default: 0] > count {
                let total = expression.numbers.filter { $0 == number }.count
                throw .usedTooOften(number: number, used: total, available: count)
            }
        }
        for number in sortedChallenge where used[number, default: 0] < available[number, default: 0] {
            throw .leftOut(number: number)
        }
        let value = try evaluate(expression)
        guard value == Rational(24) else { throw .notTwentyFour(value) }
        return expression
    }

    /// The exact value of an expression, with arithmetic failures as expression errors.
    public static func evaluate(_ expression: ArithmeticExpression) throws(ExpressionError) -> Rational {
        do {
            return try expression.evaluate()
        } catch {
            switch error {
            case .divisionByZero: throw .divisionByZero
            case .overflow: throw .tooLarge
            }
        }
    }

    // MARK: - Tokens

    enum TokenKind: Equatable {
        case number(Int)
        case op(ArithmeticOperator)
        case open
        case close
    }

    struct Token: Equatable {
        var kind: TokenKind
        var position: Int
    }

    static func tokenize(_ text: String) throws(ExpressionError) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        var digits: (value: Int, count: Int, start: Int)?

        func flushDigits() {
            if let number = digits {
                tokens.append(Token(kind: .number(number.value), position: number.start))
                digits = nil
            }
        }

        for character in text {
            position += 1
            if let digit = character.wholeNumberValue, character.isASCII {
                let current = digits ?? (0, 0, position)
                guard current.count < 9 else { throw .numberTooLong(at: current.start) }
                digits = (current.value * 10 + digit, current.count + 1, current.start)
                continue
            }
            flushDigits()
            switch character {
            case " ", "\t": break
            case "+": tokens.append(Token(kind: .op(.add), position: position))
            case "-", "−", "–": tokens.append(Token(kind: .op(.subtract), position: position))
            case "*", "×", "x", "X", "·": tokens.append(Token(kind: .op(.multiply), position: position))
            case "/", "÷": tokens.append(Token(kind: .op(.divide), position: position))
            case "(": tokens.append(Token(kind: .open, position: position))
            case ")": tokens.append(Token(kind: .close, position: position))
            default: throw .unexpectedCharacter(character, at: position)
            }
        }
        flushDigits()
        return tokens
    }

    /// A recursive-descent reader over tokens: expression → term (± term)*, term → factor (×÷ factor)*.
    struct Reader {
        let tokens: [Token]
        var index = 0

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        mutating func expression() throws(ExpressionError) -> ArithmeticExpression {
            var result = try term()
            while let token = peek, case .op(let op) = token.kind, op.precedence == 1 {
                index += 1
                result = .operation(op, result, try term())
            }
            return result
        }

        mutating func term() throws(ExpressionError) -> ArithmeticExpression {
            var result = try factor()
            while let token = peek, case .op(let op) = token.kind, op.precedence == 2 {
                index += 1
                result = .operation(op, result, try factor())
            }
            return result
        }

        mutating func factor() throws(ExpressionError) -> ArithmeticExpression {
            guard let token = peek else { throw .incomplete }
            switch token.kind {
            case .number(let value):
                index += 1
                return .number(value)
            case .open:
                index += 1
                let inner = try expression()
                guard let next = peek else { throw .unclosedParenthesis(at: token.position) }
                switch next.kind {
                case .close:
                    index += 1
                    return inner
                case .number, .open, .op:
                    throw .missingOperator(at: next.position)
                }
            case .op, .close:
                throw .missingNumber(at: token.position)
            }
        }
    }
}
