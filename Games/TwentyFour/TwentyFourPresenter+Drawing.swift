import PartyKit

extension TwentyFourPresenter {
    public func draw(_ view: TwentyFourView, context: PresenterContext, on canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let accent: TextStyle = context.color ? .color(.cyan, bold: true) : TextStyle(bold: true)
        let good: TextStyle = context.color ? .color(.green, bold: true) : TextStyle(bold: true)
        let dim = TextStyle(dim: true)
        var y = 0

        canvas.put(Self.header(view, context), x: 0, y: y, width: canvas.width, style: TextStyle(bold: true))
        y += 1
        let bigWidth = 4 * BigDigits.width + 3 * 3
        if view.numbers.count == 4, canvas.width >= bigWidth + 2, canvas.height >= 16 {
            y += 1
            let left = (canvas.width - bigWidth) / 2
            for (index, number) in view.numbers.enumerated() {
                for (row, text) in BigDigits.rows(ofNumber: number).enumerated() {
                    canvas.put(text, x: left + index * (BigDigits.width + 3), y: y + row, style: accent)
                }
            }
            y += BigDigits.height + 1
        } else if !view.numbers.isEmpty {
            canvas.putCentered(view.numbers.map(String.init).joined(separator: "   "), y: y, style: accent)
            y += 1
        }

        if view.canAnswer {
            let input = currentInput(for: view)
            let evaluation = Self.evaluation(of: input, numbers: view.numbers)
            canvas.put("> " + input, x: 0, y: y, style: TextStyle(bold: true))
            canvas.put("▏", x: 2 + input.count, y: y)
            let style: TextStyle = evaluation.hasSuffix("✓") ? good : dim
            let x = max(input.count + 5, min(canvas.width / 2, canvas.width - evaluation.count))
            if x < canvas.width {
                canvas.put(evaluation, x: x, y: y, width: canvas.width - x, style: style)
            } else if !evaluation.isEmpty {
                // No room beside a long expression: the hint takes the next row.
                y += 1
                canvas.put(evaluation, x: 2, y: y, width: canvas.width - 2, style: style)
            }
        } else {
            canvas.put(view.status, x: 0, y: y, width: canvas.width, style: TextStyle(bold: true))
        }
        y += 1
        if let solution = view.solution {
            canvas.put("A solution: \(solution)", x: 0, y: y, width: canvas.width, style: good)
            y += 1
        }
        if let reply = view.reply {
            canvas.put(reply, x: 0, y: y, width: canvas.width)
            y += 1
        } else if confirmingGiveUp {
            canvas.put("Give up? y to confirm", x: 0, y: y, width: canvas.width)
            y += 1
        }
        if y + 1 < canvas.height { y += 1 }

        let results = view.results.map { row in
            if let expression = row.expression { return "\(row.line)  \(expression)" }
            return row.line
        }
        let scores = view.scores.map { "\($0.name): \($0.won) won, \($0.solved) solved" }
        let scoresTitle = view.isOver ? "Final scores" : "Scores"
        let mine = view.scores.firstIndex { $0.seat == context.seat }
        let myResult = view.results.firstIndex { $0.seat == context.seat }
        if canvas.width >= 64 {
            let split = canvas.width * 3 / 5
            Self.column("Results", results, keeping: myResult, x: 0, y: y, width: split - 2, on: &canvas)
            Self.column(scoresTitle, scores, keeping: mine, x: split, y: y, width: canvas.width - split, on: &canvas)
        } else {
            // One above the other: the scores keep at least their title and the viewer's line.
            let rows = canvas.height - y
            let scoreRows = min(1 + scores.count, max(2, rows / 2))
            let resultRows = min(1 + results.count, rows - scoreRows - 1)
            if resultRows >= 2 {
                Self.column("Results", results, keeping: myResult, x: 0, y: y, width: canvas.width, height: resultRows, on: &canvas)
                y += resultRows + 1
            }
            Self.column(scoresTitle, scores, keeping: mine, x: 0, y: y, width: canvas.width, on: &canvas)
        }
    }

    public func describe(_ view: TwentyFourView, context: PresenterContext) -> String {
        let numbers = view.numbers.map(String.init).joined(separator: " ")
        var parts: [String] = []
        switch view.phase {
        case .round:
            parts.append("\(view.roundTitle): \(numbers)")
            parts.append("\(Self.secondsLeft(view, context)) s left")
        case .pause:
            parts.append("\(view.roundTitle) over: \(numbers)")
            if let solution = view.solution { parts.append("a solution: \(solution)") }
            if let outcome = view.outcome {
                parts.append("Game over: \(outcome)")
            } else {
                parts.append("Next round will start shortly… (\(Self.secondsLeft(view, context)) s)")
            }
        }
        let results = view.results.map { row in
            row.ms.map { "\(row.name) solved in \(TwentyFourView.seconds($0)) s" } ?? row.line
        }
        if !results.isEmpty { parts.append(results.joined(separator: ", ")) }
        if let reply = view.reply { parts.append(reply) }
        return parts.joined(separator: " — ")
    }

    static func header(_ view: TwentyFourView, _ context: PresenterContext) -> String {
        let seconds = secondsLeft(view, context)
        if view.isOver { return "\(view.roundTitle) over · Game over" }
        switch view.phase {
        case .round:
            return "\(view.roundTitle) · \(seconds) s left · \(view.status)"
        case .pause:
            return "\(view.roundTitle) over · next round in \(seconds) s"
        }
    }

    /// Draws a titled list fitted to `width` and `height` rows (at most to the canvas bottom); when
    /// not all lines fit, the line at index `keeping` (the viewer's) replaces the last one shown, and
    /// the title says how many are left out ("Results · …2 more"): nothing is cut silently.
    static func column(_ title: String, _ lines: [String], keeping: Int? = nil, x: Int, y: Int, width: Int,
                       height: Int = .max, on canvas: inout Canvas) {
        let rows = min(height, canvas.height - y)
        guard width > 0, rows > 0 else { return }
        var shown = Array(lines.indices.prefix(rows - 1))
        if let keeping, lines.indices.contains(keeping), !shown.contains(keeping), !shown.isEmpty {
            shown[shown.count - 1] = keeping
        }
        let left = lines.count - shown.count
        canvas.put(left > 0 ? "\(title) · …\(left) more" : title, x: x, y: y, width: width, style: TextStyle(bold: true))
        for (row, index) in shown.enumerated() {
            canvas.put(lines[index], x: x, y: y + 1 + row, width: width)
        }
    }
}
