/// An exact fraction with 64-bit parts, always in lowest terms with a positive denominator.
///
/// Arithmetic reports overflow instead of trapping, so typed input can never crash the host.
public struct Rational: Hashable, Sendable, Comparable {
    /// The numerator; carries the sign.
    public let numerator: Int64
    /// The denominator; always positive.
    public let denominator: Int64

    /// The whole number `value`.
    public init(_ value: Int) {
        numerator = Int64(value)
        denominator = 1
    }

    /// The fraction `numerator / denominator` in lowest terms, or an error for a zero denominator or overflow.
    public init(numerator: Int64, denominator: Int64) throws(RationalError) {
        guard denominator != 0 else { throw .divisionByZero }
        guard numerator != .min, denominator != .min else { throw .overflow }
        let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
        let sign: Int64 = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int64(divisor)
        self.denominator = sign * denominator / Int64(divisor)
    }

    /// Whether this is a whole number.
    public var isInteger: Bool { denominator == 1 }

    /// The sum.
    public func adding(_ other: Rational) throws(RationalError) -> Rational {
        let left = try Rational.multiply(numerator, other.denominator)
        let right = try Rational.multiply(other.numerator, denominator)
        let (sum, overflow) = left.addingReportingOverflow(right)
        guard !overflow else { throw .overflow }
        return try Rational(numerator: sum, denominator: Rational.multiply(denominator, other.denominator))
    }

    /// The difference.
    public func subtracting(_ other: Rational) throws(RationalError) -> Rational {
        guard other.numerator != .min else { throw .overflow }
        let negated = Rational(exactNumerator: -other.numerator, denominator: other.denominator)
        return try adding(negated)
    }

    /// The product.
    public func multiplied(by other: Rational) throws(RationalError) -> Rational {
        // Cross-cancel first so that intermediate products stay as small as possible.
        let a = Rational.gcd(numerator.magnitude, other.denominator.magnitude)
        let b = Rational.gcd(other.numerator.magnitude, denominator.magnitude)
        let top = try Rational.multiply(numerator / Int64(a), other.numerator / Int64(b))
        let bottom = try Rational.multiply(denominator / Int64(b), other.denominator / Int64(a))
        return try Rational(numerator: top, denominator: bottom)
    }

    /// The quotient; dividing by zero is an error, not a trap.
    public func divided(by other: Rational) throws(RationalError) -> Rational {
        guard other.numerator != 0 else { throw .divisionByZero }
        let reciprocal = try Rational(numerator: other.denominator, denominator: other.numerator)
        return try multiplied(by: reciprocal)
    }

    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        // Compare with wide products: a/b < c/d  ⇔  a·d < c·b (denominators are positive).
        let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
        let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
        return left.high != right.high ? left.high < right.high : left.low < right.low
    }

    private init(exactNumerator: Int64, denominator: Int64) {
        numerator = exactNumerator
        self.denominator = denominator
    }

    private static func multiply(_ a: Int64, _ b: Int64) throws(RationalError) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow, product != .min else { throw .overflow }
        return product
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}

/// Why a rational operation has no result.
public enum RationalError: Error, Hashable, Sendable {
    /// A division by zero.
    case divisionByZero
    /// A numerator or denominator would not fit in 64 bits.
    case overflow
}

extension RationalError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .divisionByZero: "division by zero"
        case .overflow: "the numbers get too large"
        }
    }
}

extension Rational: CustomStringConvertible {
    /// `22`, `71/3` or `-5/2`.
    public var description: String {
        isInteger ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}
