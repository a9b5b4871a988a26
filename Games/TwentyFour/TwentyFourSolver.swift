/// Finds every way to make 24 from four numbers with `+ − × ÷` and exact division.
///
/// Results for all 495 sets of four numbers from 1 to 9 are worked out once, on first use of
/// `solvableSets`, and kept in a table.
public enum TwentyFourSolver {
    /// What the solver knows about one set of numbers.
    public struct Analysis: Hashable, Sendable {
        /// The numbers, ascending.
        public var numbers: [Int]
        /// How many different solutions there are (as written, after putting the operands of `+`
        /// and `×` in a fixed order); a rough measure of how easy the set is.
        public var solutionCount: Int
        /// The simplest solution (fewest divisions, then the shortest text, then the first in
        /// character order); nil when unsolvable.
        public var solution: ArithmeticExpression?

        /// Whether 24 can be made.
        public var isSolvable: Bool { solution != nil }
    }

    /// The target value.
    public static let target = Rational(24)

    /// Analyses any four (or other count of) positive whole numbers. Only the set asked for is
    /// searched (a few milliseconds), so dealing never waits for the whole table to be built.
    public static func analyze(_ numbers: [Int]) -> Analysis {
        search(numbers.sorted())
    }

    /// One readable solution, such as `8 / (3 − 8/3)`; nil when the numbers cannot make 24.
    public static func solution(for numbers: [Int]) -> String? {
        analyze(numbers).solution?.description
    }

    /// Whether the numbers can make 24.
    public static func isSolvable(_ numbers: [Int]) -> Bool {
        analyze(numbers).isSolvable
    }

    /// Every multiset of four numbers from 1 to 9, ascending, in lexicographic order (495 of them).
    public static let allSets: [[Int]] = {
        var sets: [[Int]] = []
        for a in 1...9 {
            for b in a...9 {
                for c in b...9 {
                    for d in c...9 { sets.append([a, b, c, d]) }
                }
            }
        }
        return sets
    }()

    /// The sets from `allSets` that can make 24.
    public static var solvableSets: [[Int]] {
        allSets.filter { table[key($0)]?.isSolvable == true }
    }

    private static let table: [Int: Analysis] = {
        var table: [Int: Analysis] = [:]
        for set in allSets { table[key(set)] = search(set) }
        return table
    }()

    private static func key(_ sorted: [Int]) -> Int {
        sorted.reduce(0) { $0 * 10 + $1 }
    }

    /// Orders solutions from simplest: fewest divisions, then shortest, then by text.
    private struct Rank: Comparable {
        var divisions: Int
        var length: Int
        var text: String

        static func < (a: Rank, b: Rank) -> Bool {
            (a.divisions, a.length, a.text) < (b.divisions, b.length, b.text)
        }
    }

    /// A value in the search and the arena node that says how it was made.
    private struct Item {
        var value: Rational
        var node: Int
    }

    /// How a value was made: a leaf number, or an operator on two earlier nodes.
    private struct Node {
        var number: Int
        var op: ArithmeticOperator?
        var left: Int
        var right: Int
    }

    /// Tries every pair with every operator, keeping expressions as arena nodes so that only the
    /// solutions are ever built as trees.
    private static func search(_ sorted: [Int]) -> Analysis {
        var found = Set<String>()
        var best: (rank: Rank, expression: ArithmeticExpression)?
        var arena = sorted.map { Node(number: $0, op: nil, left: 0, right: 0) }

        func build(_ index: Int) -> ArithmeticExpression {
            let node = arena[index]
            guard let op = node.op else { return .number(node.number) }
            return .operation(op, build(node.left), build(node.right))
        }

        func visit(_ items: [Item]) {
            if items.count == 1 {
                guard items[0].value == target else { return }
                let expression = normalized(build(items[0].node))
                let text = expression.description
                guard found.insert(text).inserted else { return }
                let rank = Rank(divisions: expression.divisions, length: text.count, text: text)
                if let current = best, current.rank <= rank { return }
                best = (rank, expression)
                return
            }
            for i in 0..<items.count {
                for j in (i + 1)..<items.count {
                    var rest = items
                    rest.remove(at: j)
                    rest.remove(at: i)
                    let (a, b) = (items[i], items[j])
                    let tries: [(ArithmeticOperator, Item, Item)] = [
                        (.add, a, b), (.multiply, a, b), (.subtract, a, b), (.subtract, b, a), (.divide, a, b), (.divide, b, a),
                    ]
                    for (op, left, right) in tries {
                        guard let value = try? op.apply(left.value, right.value) else { continue }
                        arena.append(Node(number: 0, op: op, left: left.node, right: right.node))
                        visit(rest + [Item(value: value, node: arena.count - 1)])
                        arena.removeLast()
                    }
                }
            }
        }
        visit(sorted.indices.map { Item(value: Rational(sorted[$0]), node: $0) })
        return Analysis(numbers: sorted, solutionCount: found.count, solution: best?.expression)
    }

    /// Puts the operands of `+` and `×` in a fixed order (a plain number first, otherwise by text), so
    /// that `(5 − 1/5) × 5` and `5 × (5 − 1/5)` count as one solution and print the same.
    static func normalized(_ expression: ArithmeticExpression) -> ArithmeticExpression {
        guard case .operation(let op, let left, let right) = expression else { return expression }
        let l = normalized(left)
        let r = normalized(right)
        guard op.isCommutative else { return .operation(op, l, r) }
        let swap: Bool
        switch (l.isNumber, r.isNumber) {
        case (false, true): swap = true
        case (true, false): swap = false
        default: swap = r.description < l.description
        }
        return swap ? .operation(op, r, l) : .operation(op, l, r)
    }
}
