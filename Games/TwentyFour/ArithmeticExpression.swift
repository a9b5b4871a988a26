/// An arithmetic expression over whole numbers with `+ − × ÷`, as players type them and the solver finds them.
public indirect enum ArithmeticExpression: Hashable, Sendable {
    /// A number as written (in TwentyFour, one of the challenge's numbers).
    case number(Int)
    /// Two expressions combined by an operator.
    case operation(ArithmeticOperator, ArithmeticExpression, ArithmeticExpression)

    /// The exact value, or why there is none (division by zero, overflow).
    public func evaluate() throws(RationalError) -> Rational {
        switch self {
        case .number(let value):
            return Rational(value)
        case .operation(let op, let left, let right):
            return try op.apply(left.evaluate(), right.evaluate())
        }
    }

    /// The numbers in the order they are written.
    public var numbers: [Int] {
        switch self {
        case .number(let value): [value]
        case .operation(_, let left, let right): left.numbers + right.numbers
        }
    }

    /// How many divisions the expression contains.
    public var divisions: Int {
        switch self {
        case .number: 0
        case .operation(let op, let left, let right): (op == .divide ? 1 : 0) + left.divisions + right.divisions
        }
    }

    /// Whether this is a single number.
    public var isNumber: Bool {
        if case .number = self { return true }
        return false
    }

    var precedence: Int {
        switch self {
        case .number: 3
        case .operation(let op, _, _): op.precedence
        }
    }
}

/// One of the four arithmetic operators.
public enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable {
    /// Addition.
    case add = "+"
    /// Subtraction.
    case subtract = "−"
    /// Multiplication.
    case multiply = "×"
    /// Exact division.
    case divide = "/"

    /// 1 for `+ −`, 2 for `× /`.
    public var precedence: Int {
        switch self {
        case .add, .subtract: 1
        case .multiply, .divide: 2
        }
    }

    /// Whether the operands may be swapped.
    public var isCommutative: Bool { self == .add || self == .multiply }

    /// Applies the operator to two exact values.
    public func apply(_ left: Rational, _ right: Rational) throws(RationalError) -> Rational {
        switch self {
        case .add: try left.adding(right)
        case .subtract: try left.subtracting(right)
        case .multiply: try left.multiplied(by: right)
        case .divide: try left.divided(by: right)
        }
    }
}

extension ArithmeticExpression: CustomStringConvertible {
    /// Readable text with as few parentheses as needed: `5 × (5 − 1/5)`, `8 / (3 − 8/3)`.
    ///
    /// A division of two plain numbers is written tight, like a fraction (`1/5`); every other
    /// operator has a space on each side.
    public var description: String {
        switch self {
        case .number(let value):
            return "\(value)"
        case .operation(let op, let left, let right):
            if op == .divide, left.isNumber, right.isNumber {
                return "\(left)/\(right)"
            }
            let leftText = left.needsParentheses(asLeftOf: op) ? "(\(left))" : "\(left)"
            let rightText = right.needsParentheses(asRightOf: op) ? "(\(right))" : "\(right)"
            return "\(leftText) \(op.rawValue) \(rightText)"
        }
    }

    /// Whether this is a division of two plain numbers, written tight like a fraction.
    private var isTightFraction: Bool {
        if case .operation(.divide, let left, let right) = self { return left.isNumber && right.isNumber }
        return false
    }

    private func needsParentheses(asLeftOf op: ArithmeticOperator) -> Bool {
        precedence < op.precedence || (op == .divide && isTightFraction)
    }

    private func needsParentheses(asRightOf op: ArithmeticOperator) -> Bool {
        precedence < op.precedence
            || (precedence == op.precedence && !op.isCommutative)
            || (op == .divide && isTightFraction)
    }
}
