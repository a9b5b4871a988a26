import PartyKit

extension TwentyFourPresenter {
    public func draw(_ view: TwentyFourView, context: PresenterContext, on canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let accent: TextStyle = context.color ? .color(.cyan, bold: true) : TextStyle(bold: true)
        let good: TextStyle = context.color ? .color(.green, bold: true) : TextStyle(bold: true)
        let dim = TextStyle(dim: true)
        var y = 0

        canvas.put(Self.header(view, context), x: 0, y: y, style: TextStyle(bold: true))
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
            canvas.put(evaluation, x: max(input.count + 5, min(canvas.width / 2, canvas.width - evaluation.count)), y: y, style: style)
        } else {
            canvas.put(view.status, x: 0, y: y, style: TextStyle(bold: true))
        }
        y += 1
        if let solution = view.solution {
            canvas.put("A solution: \(solution)", x: 0, y: y, style: good)
            y += 1
        }
        if let reply = view.reply {
            canvas.put(reply, x: 0, y: y)
            y += 1
        } else if confirmingGiveUp {
            canvas.put("Give up? y to confirm", x: 0, y: y)
            y += 1
        }
        y += 1

        let results = view.results.map { row in
            if let expression = row.expression { return "\(row.line)  \(expression)" }
            return row.line
        }
        let scores = view.scores.map { "\($0.name): \($0.won) won, \($0.solved) solved" }
        if canvas.width >= 64 {
            let split = canvas.width * 3 / 5
            Self.column("Results", results, x: 0, y: y, width: split - 2, on: &canvas)
            Self.column("Scores", scores, x: split, y: y, width: canvas.width - split, on: &canvas)
        } else {
            let used = Self.column("Results", results, x: 0, y: y, width: canvas.width, on: &canvas)
            Self.column("Scores", scores, x: 0, y: y + used + 1, width: canvas.width, on: &canvas)
        }
    }

    public func describe(_ view: TwentyFourView, context: PresenterContext) -> String {
        let numbers = view.numbers.map(String.init).joined(separator: " ")
        var parts: [String] = []
        switch view.phase {
        case .round:
            parts.append("Round \(view.round): \(numbers)")
            parts.append("\(Self.secondsLeft(view, context)) s left")
        case .pause:
            parts.append("Round \(view.round) over: \(numbers)")
            if let solution = view.solution { parts.append("a solution: \(solution)") }
            parts.append("Next round will start shortly… (\(Self.secondsLeft(view, context)) s)")
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
        switch view.phase {
        case .round:
            return "Round \(view.round) · \(seconds) s left · \(view.status)"
        case .pause:
            return "Round \(view.round) over · next round in \(seconds) s"
        }
    }

    /// Draws a titled list clipped to `width` columns and the canvas bottom; returns the rows used.
    @discardableResult
    static func column(_ title: String, _ lines: [String], x: Int, y: Int, width: Int, on canvas: inout Canvas) -> Int {
        guard width > 0, y < canvas.height else { return 0 }
        canvas.put(title, x: x, y: y, style: TextStyle(bold: true))
        var row = y + 1
        for line in lines {
            guard row < canvas.height else { break }
            canvas.put(String(DisplayWidth.prefix(line, columns: width)), x: x, y: row)
            row += 1
        }
        return row - y
    }
}
