import Testing
@testable import TwentyFour

@Suite struct SolverTests {
    @Test(arguments: [
        ([1, 5, 5, 5], "5 × (5 − 1/5)"),
        ([3, 3, 8, 8], "8 / (3 − 8/3)"),
        ([4, 4, 10, 10], "(10 × 10 − 4) / 4"),
        ([1, 2, 3, 4], "1 × 2 × 3 × 4"),
    ] as [([Int], String)])
    func handWorkedSolutions(numbers: [Int], expected: String) {
        #expect(TwentyFourSolver.solution(for: numbers) == expected)
    }

    @Test(arguments: [[1, 1, 1, 1], [1, 1, 1, 2], [9, 9, 9, 9], [1, 1, 5, 9], [3, 4, 6, 7]])
    func unsolvable(numbers: [Int]) {
        #expect(TwentyFourSolver.isSolvable(numbers) == false)
        #expect(TwentyFourSolver.solution(for: numbers) == nil)
    }

    @Test func onlyOneWayForTheClassicHardSets() {
        #expect(TwentyFourSolver.analyze([3, 3, 8, 8]).solutionCount == 1)
        #expect(TwentyFourSolver.analyze([1, 5, 5, 5]).solutionCount == 1)
        #expect(TwentyFourSolver.analyze([4, 6, 6, 8]).solutionCount > 3)
    }

    @Test func thereAre495SetsAnd404AreSolvable() {
        #expect(TwentyFourSolver.allSets.count == 495)
        #expect(Set(TwentyFourSolver.allSets).count == 495)
        #expect(TwentyFourSolver.solvableSets.count == 404)
    }

    /// An independent brute force: every order of the numbers, every operator triple and all five
    /// tree shapes, evaluated in floating point.
    @Test func bruteForceAgreesOnEverySet() {
        var disagreements: [[Int]] = []
        for set in TwentyFourSolver.allSets where BruteForce.solvable(set) != TwentyFourSolver.isSolvable(set) {
            disagreements.append(set)
        }
        #expect(disagreements.isEmpty)
        #expect(TwentyFourSolver.allSets.filter(BruteForce.solvable).count == 404)
    }

    @Test func everySolutionChecksOut() {
        for set in TwentyFourSolver.solvableSets {
            let solution = TwentyFourSolver.solution(for: set) ?? ""
            #expect((try? ExpressionParser.check(solution, numbers: set)) != nil, "\(set): \(solution)")
        }
    }

    @Test func analyzesNumbersOutsideTheTable() {
        #expect(TwentyFourSolver.isSolvable([12, 12, 1, 1]))
        #expect(TwentyFourSolver.isSolvable([24]))
        #expect(!TwentyFourSolver.isSolvable([23]))
        #expect(TwentyFourSolver.isSolvable([4, 6]))
    }
}

enum BruteForce {
    static func solvable(_ numbers: [Int]) -> Bool {
        let values = numbers.map(Double.init)
        for p in permutations(values) {
            for a in 0..<4 {
                for b in 0..<4 {
                    for c in 0..<4 {
                        let shapes = [
                            op(c, op(b, op(a, p[0], p[1]), p[2]), p[3]),    // ((ab)c)d
                            op(c, op(a, p[0], op(b, p[1], p[2])), p[3]),    // (a(bc))d
                            op(c, op(a, p[0], p[1]), op(b, p[2], p[3])),    // (ab)(cd)
                            op(c, p[0], op(b, op(a, p[1], p[2]), p[3])),    // a((bc)d)
                            op(c, p[0], op(b, p[1], op(a, p[2], p[3]))),    // a(b(cd))
                        ]
                        if shapes.contains(where: { $0.isFinite && abs($0 - 24) < 1e-9 }) { return true }
                    }
                }
            }
        }
        return false
    }

    static func op(_ index: Int, _ x: Double, _ y: Double) -> Double {
        switch index {
        case 0: x + y
        case 1: x - y
        case 2: x * y
        default: y == 0 ? .nan : x / y
        }
    }

    static func permutations(_ values: [Double]) -> [[Double]] {
        guard values.count > 1 else { return [values] }
        var result: [[Double]] = []
        for index in values.indices {
            var rest = values
            let first = rest.remove(at: index)
            result += permutations(rest).map { [first] + $0 }
        }
        return result
    }
}
