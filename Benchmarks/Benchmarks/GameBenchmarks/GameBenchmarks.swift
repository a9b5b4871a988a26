import Benchmark
import FourInARow
import PartyKit
import Snap
import SunTouch
import TwentyFour

/// The rules of the four games, one operation each: what the host does per move.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    let fourInARow = Positions.fourInARowMidGame()
    Benchmark("FourInARow move + win check") { benchmark in
        for _ in benchmark.scaledIterations {
            var state = fourInARow.state
            try? state.apply(FourInARowMove(column: 1), from: fourInARow.toMove, at: .zero)
            blackHole(state.outcome)
        }
    }

    let winning = Positions.fourInARowWinning()
    Benchmark("FourInARow winning move") { benchmark in
        for _ in benchmark.scaledIterations {
            var state = winning.state
            try? state.apply(FourInARowMove(column: 1), from: winning.toMove, at: .zero)
            precondition(state.outcome != nil)
            blackHole(state.outcome)
        }
    }

    Benchmark("FourInARow move + view for both seats") { benchmark in
        for _ in benchmark.scaledIterations {
            var state = fourInARow.state
            try? state.apply(FourInARowMove(column: 1), from: fourInARow.toMove, at: .zero)
            blackHole(state.view(for: .seat(SeatID(0)), at: .zero))
            blackHole(state.view(for: .seat(SeatID(1)), at: .zero))
        }
    }

    let sets = Positions.allTwentyFourSets()
    precondition(sets.count == 495)
    Benchmark("TwentyFour solve all 495 sets", configuration: .init(maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            var solvable = 0
            for numbers in sets where TwentyFourSolver.analyze(numbers).isSolvable { solvable += 1 }
            blackHole(solvable)
        }
    }

    let snap = Positions.snapPlaying()
    Benchmark("Snap turn") { benchmark in
        for _ in benchmark.scaledIterations {
            var state = snap.state
            try? state.apply(.turn, from: snap.active, at: GameInstant(milliseconds: 6_000))
            blackHole(state.schedule)
        }
    }

    let sunTouch = Positions.sunTouchPlaying()
    Benchmark("SunTouch strike resolution") { benchmark in
        for _ in benchmark.scaledIterations {
            var state = sunTouch.state
            let at = sunTouch.now
            try? state.apply(.strike(x: 0.5, y: 0.5, radius: 0.2), from: SeatID(0), at: at)
            state.advance(to: at.adding(milliseconds: sunTouch.strikeMilliseconds))
            blackHole(state.outcome)
        }
    }
}
