import PartyKit

extension TwentyFour {
    /// The round, the time left in whole seconds, the four numbers, the viewer's standing and the
    /// host's last reply, the results, the scores and (after the round) a solution.
    ///
    /// For example, during the second round of five (without `of 5` in a game with no end):
    /// ```
    /// TwentyFour, round 2 of 5: 87 seconds left.
    /// Make 24 from 1 3 4 6.
    /// You: Still guessing…
    /// Results:
    ///   Alice: 12.34 seconds
    ///   Bob: Still guessing…
    /// Scores (rounds won, rounds solved):
    ///   Alice: 1 won, 2 solved
    ///   Bob: 0 won, 0 solved
    /// ```
    public static func plainText(of view: TwentyFourView, context: PresenterContext) -> String {
        let seconds = TwentyFourPresenter.secondsLeft(view, context)
        var lines: [String] = []
        let round = view.roundTitle.lowercased()
        switch view.phase {
        case .round:
            lines.append("TwentyFour, \(round): \(secondsText(seconds)) left.")
            lines.append("Make 24 from \(view.numbers.map(String.init).joined(separator: " ")).")
        case .pause:
            if let outcome = view.outcome {
                lines.append("TwentyFour is over after \(round): \(outcome).")
            } else {
                let finished = view.round > 0 ? "\(round) is over" : "waiting for players"
                lines.append("TwentyFour, \(finished). Next round in \(secondsText(seconds)).")
            }
            if !view.numbers.isEmpty {
                lines.append("The numbers were \(view.numbers.map(String.init).joined(separator: " ")).")
            }
        }
        if let me = view.me { lines.append("You: \(me.text)") } else { lines.append("You are watching.") }
        if let reply = view.reply { lines.append(reply) }
        if let solution = view.solution, !solution.isEmpty { lines.append("A solution: \(solution)") }
        if !view.results.isEmpty {
            lines.append("Results:")
            for row in view.results {
                lines.append("  " + row.line + (row.expression.map { " with \($0)" } ?? ""))
            }
        }
        if !view.scores.isEmpty {
            lines.append("\(view.isOver ? "Final scores" : "Scores") (rounds won, rounds solved):")
            for score in view.scores {
                lines.append("  \(score.name): \(score.won) won, \(score.solved) solved")
            }
        }
        return lines.flatMap { PlainText.wrap($0) }.joined(separator: "\n")
    }

    /// "Give up this round" while the viewer may still answer; typed expressions do the rest.
    public static func labelledMoves(in view: TwentyFourView, for seat: SeatID) -> [LabelledMove<TwentyFourMove>] {
        guard view.canAnswer, view.results.contains(where: { $0.seat == seat }) else { return [] }
        return [LabelledMove("Give up this round", .giveUp)]
    }

    /// What to type while the viewer may answer: an expression with the round's four numbers.
    public static func typedMovePrompt(in view: TwentyFourView, for seat: SeatID) -> String? {
        guard view.canAnswer else { return nil }
        let numbers = view.numbers.map(String.init).joined(separator: " ")
        return "Or type an expression that makes 24 from \(numbers), using + - * / ( )."
    }

    /// Reads a typed answer (or `g`/`give up`) as the presenter's line mode does: the expression
    /// must parse; whether it makes 24 is for the rules to judge.
    public static func typedMove(_ text: String, in view: TwentyFourView, for seat: SeatID) -> Result<TwentyFourMove, InputError> {
        guard view.canAnswer else { return .failure(InputError(TwentyFourPresenter.notAnswering(view))) }
        let context = PresenterContext(seat: seat, names: [:])
        return TwentyFourPresenter().parse(line: text, view: view, context: context)
    }

    /// "1 second" or "N seconds".
    static func secondsText(_ seconds: Int64) -> String {
        seconds == 1 ? "1 second" : "\(seconds) seconds"
    }

}
