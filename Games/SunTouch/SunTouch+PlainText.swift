import PartyKit

/// Plain text and a menu of strikes for clients without SunTouch's presenter.
///
/// Strikes are continuous (any centre in the unit square, any radius from 0.03 to 0.20), so the
/// menu offers a finite grid instead: the field is cut into 5 × 5 cells, columns A–E from left to
/// right and rows 1–5 from top to bottom (y grows downward), and each cell has two strikes at its
/// centre:
/// - **large**, radius 0.15: just more than half the cell's diagonal (0.141), so it sweeps the
///   whole cell and any sun in it is found; it costs a 6 second cooldown;
/// - **small**, radius 0.05: a cheap probe of the cell's middle with a 2 second cooldown.
/// Cells that a strike in the view already swept whole are left out, since a sun there is taken
/// already; if that would leave nothing, every cell is offered again. A player who wants a
/// strike off the grid types it (`strike X Y R`, as in the presenter's line mode).
extension SunTouch {
    /// Columns and rows of the menu's grid.
    static let menuGridSize = 5
    /// The menu's strike radii, largest first, with their labels.
    static let menuRadii: [(label: String, radius: Double)] = [("large", 0.15), ("small", 0.05)]

    /// The phase, the time left in whole seconds, scores, cooldowns, the captured suns, the latest
    /// strikes and a 5 × 5 map of the field named as the menu names its cells.
    ///
    /// For example, Alice's view during play:
    /// ```
    /// SunTouch: 83 seconds left.
    /// Suns found: you 1, Bob 1, of 7.
    /// You may strike now. Bob is cooling down: 3 seconds.
    /// Your suns: B2. Bob's suns: D4.
    /// Latest strikes: Bob at D4 r 0.15 (2 s ago); you at B2 r 0.05 (5 s ago).
    /// Map: columns A-E left to right, rows 1-5 top to bottom.
    ///     A B C D E
    ///   1 . . . . .
    ///   2 . @ . . .
    ///   …
    /// @ your sun, # Bob's sun, * swept whole, + struck, . untouched.
    /// ```
    public static func plainText(of view: SunTouchView, context: PresenterContext) -> String {
        let elapsed = SunTouchPresenter.localElapsed(view, context)
        let passed = max(0, context.elapsedMilliseconds)
        let name = { (seat: SeatID) in seat == view.you ? "you" : context.name(of: seat) }
        let owner = { (seat: SeatID) in seat == view.you ? "your" : "\(context.name(of: seat))'s" }
        var lines: [String] = []
        switch view.phase {
        case .toss:
            let left = wholeSeconds((view.toss?.left ?? 0) - passed)
            let again = (view.toss?.round ?? 1) > 1 ? " (equal tosses, again)" : ""
            lines.append("SunTouch: coin toss\(again), \(left) left.")
            if let me = view.me {
                let other = view.opponent.map { context.name(of: $0.seat) } ?? "the other player"
                lines.append(me.tossed ? "You tossed; waiting for \(other)." : "Toss the coin to start.")
            }
        case .playing:
            lines.append("SunTouch: \(wholeSeconds(view.left - elapsed)) left.")
        case .over:
            lines.append("SunTouch is over: \((view.end ?? "finished").sentence)")
        }
        if view.paused {
            // No countdown of its own: the host holds the seat (its --grace) and counts down in the table's line.
            let away = view.players.filter(\.away).map { $0.seat == view.you ? "your" : "\(context.name(of: $0.seat))'s" }
            let who = away.isEmpty ? "a player's" : away.joined(separator: " and ")
            lines.append("Paused: \(who) connection dropped; waiting for them to come back.")
        }
        let scores = view.players.map { "\(name($0.seat)) \($0.score)" }.joined(separator: ", ")
        lines.append("Suns found: \(scores), of \(view.suns).")
        if view.phase == .playing {
            let cooling = view.players.map { player in
                let left = player.cool - elapsed
                let who = player.seat == view.you ? "You" : context.name(of: player.seat)
                return left > 0 ? "\(who) \(player.seat == view.you ? "are" : "is") cooling down: \(wholeSeconds(left))."
                    : "\(who) may strike now."
            }
            lines.append(cooling.joined(separator: " "))
        }
        for player in view.players {
            let cells = view.captured.filter { $0.seat == player.seat }.map { cellName(x: $0.x, y: $0.y) }
            if !cells.isEmpty { lines.append("\(owner(player.seat).capitalizedFirst) suns: \(cells.joined(separator: ", ")).") }
        }
        let latest = view.strikes.suffix(3).reversed().map { strike in
            "\(name(strike.seat)) at \(cellName(x: strike.x, y: strike.y)) r \(SunTouchFormat.decimal(strike.r)) (\((strike.age + elapsed) / 1000) s ago)"
        }
        if !latest.isEmpty { lines.append("Latest strikes: \(latest.joined(separator: "; ")).") }
        if view.phase != .toss {
            lines.append("Map: columns A-E left to right, rows 1-5 top to bottom.")
            lines += map(view)
            let first = view.you ?? view.players.first?.seat
            let other = view.players.first { $0.seat != first }.map { owner($0.seat) } ?? "the other player's"
            let mine = first.map(owner) ?? "the first player's"
            lines.append("@ \(mine) sun, # \(other) sun, * swept whole, + struck, . untouched.")
        }
        return lines.flatMap { PlainText.wrap($0) }.joined(separator: "\n")
    }

    /// "Toss the coin" during the toss, or the grid's strikes when `seat` may strike now; nothing
    /// while paused, cooling down, after the time limit or for anyone but the viewer.
    public static func labelledMoves(in view: SunTouchView, for seat: SeatID) -> [LabelledMove<SunTouchMove>] {
        guard view.you == seat, let me = view.me, view.end == nil, !view.paused else { return [] }
        switch view.phase {
        case .toss:
            guard let toss = view.toss, !me.tossed, toss.left > 0 else { return [] }
            return [LabelledMove("Toss the coin", .toss(tossValue(seat: seat, round: toss.round)))]
        case .playing:
            guard me.cool <= 0, view.left > 0 else { return [] }
            var open: [LabelledMove<SunTouchMove>] = []
            var all: [LabelledMove<SunTouchMove>] = []
            for row in 0..<menuGridSize {
                for column in 0..<menuGridSize {
                    let (x, y) = centre(column: column, row: row)
                    let swept = isSweptWhole(column: column, row: row, by: view.strikes)
                    for (label, radius) in menuRadii {
                        let move = LabelledMove("Strike at \(cellName(column: column, row: row)) (\(label))",
                                                SunTouchMove.strike(x: x, y: y, radius: radius))
                        all.append(move)
                        if !swept { open.append(move) }
                    }
                }
            }
            return open.isEmpty ? all : open
        case .over:
            return []
        }
    }

    /// While the viewer may strike: how to type a strike anywhere, since the menu is only a grid.
    public static func typedMovePrompt(in view: SunTouchView, for seat: SeatID) -> String? {
        guard view.phase == .playing, !labelledMoves(in: view, for: seat).isEmpty else { return nil }
        return "Or type strike X Y R: X, Y from 0 to 1 (y grows downward), R from 0.03 to 0.20."
    }

    /// Reads `strike X Y [R]` as the presenter's line mode does (R defaults to 0.10), when the
    /// viewer may strike now; otherwise says why not.
    public static func typedMove(_ text: String, in view: SunTouchView, for seat: SeatID) -> Result<SunTouchMove, InputError> {
        guard typedMovePrompt(in: view, for: seat) != nil else {
            return .failure(InputError(whyNoStrike(view, for: seat)))
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        guard let command = words.first, command == "strike" || command == "s" else {
            return .failure(InputError("Type strike X Y R, e.g. strike 0.5 0.25 0.1, or choose a number from the menu."))
        }
        return SunTouchPresenter().parse(line: text, view: view, context: PresenterContext(seat: seat, names: [:]))
    }

    /// Why `seat` cannot strike in `view`, as a sentence.
    static func whyNoStrike(_ view: SunTouchView, for seat: SeatID) -> String {
        guard view.you == seat, let me = view.me else { return "Spectators watch; they cannot strike." }
        if view.phase == .over { return "The game is over." }
        if view.paused { return "The game is paused until both players are connected." }
        if view.phase == .toss { return "The coin toss is not done yet: choose Toss the coin from the menu." }
        if me.cool > 0 { return "You are cooling down: \(wholeSeconds(me.cool)) to go." }
        return "Time is up."
    }

    /// The toss a menu offers: fixed for a seat and round, different for the two seats. A player
    /// choosing it cannot steer the layout, which also mixes in the host's secret.
    static func tossValue(seat: SeatID, round: Int) -> UInt32 {
        var z = UInt64(truncatingIfNeeded: seat.index) << 32 ^ UInt64(truncatingIfNeeded: round) ^ 0x5375_6E54_6F75_6368
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: z ^ (z >> 31))
    }

    /// The centre of the grid cell in `column` and `row` (0-based).
    static func centre(column: Int, row: Int) -> (Double, Double) {
        let size = Double(menuGridSize)
        return ((Double(column) + 0.5) / size, (Double(row) + 0.5) / size)
    }

    /// The grid cell (0-based column, row) holding the field point (`x`, `y`).
    static func gridCell(x: Double, y: Double) -> (column: Int, row: Int) {
        let size = Double(menuGridSize)
        let column = x.isFinite ? Int((x * size).rounded(.down)).clamped(to: 0...(menuGridSize - 1)) : 0
        let row = y.isFinite ? Int((y * size).rounded(.down)).clamped(to: 0...(menuGridSize - 1)) : 0
        return (column, row)
    }

    /// "C4": the column letter and the row number (from 1) of a grid cell.
    static func cellName(column: Int, row: Int) -> String {
        let letters = Array("ABCDEFGHIJ")
        return "\(letters[column.clamped(to: 0...(letters.count - 1))])\(row + 1)"
    }

    /// The name of the grid cell holding the field point (`x`, `y`).
    static func cellName(x: Double, y: Double) -> String {
        let cell = gridCell(x: x, y: y)
        return cellName(column: cell.column, row: cell.row)
    }

    /// Whether one of `strikes` covers the whole grid cell (all four corners lie within its radius).
    static func isSweptWhole(column: Int, row: Int, by strikes: [SunTouchView.Strike]) -> Bool {
        let size = Double(menuGridSize)
        let corners = [(0, 0), (1, 0), (0, 1), (1, 1)].map { (Double(column + $0.0) / size, Double(row + $0.1) / size) }
        return strikes.contains { strike in
            corners.allSatisfy { corner in
                let dx = corner.0 - strike.x, dy = corner.1 - strike.y
                return (dx * dx + dy * dy).squareRoot() <= strike.r
            }
        }
    }

    /// The grid as rows of symbols, column letters on top: `@`/`#` a captured sun (the viewer's,
    /// or the first player's for spectators, and the other's), `*` a cell swept whole, `+` a cell
    /// some strike touched, `.` an untouched cell.
    static func map(_ view: SunTouchView) -> [String] {
        let first = view.you ?? view.players.first?.seat
        var grid = Array(repeating: Array(repeating: Character("."), count: menuGridSize), count: menuGridSize)
        for strike in view.strikes {
            for row in 0..<menuGridSize {
                for column in 0..<menuGridSize where grid[row][column] == "." {
                    let (x, y) = centre(column: column, row: row)
                    let dx = (abs(x - strike.x) - 0.5 / Double(menuGridSize)).clamped(to: 0...1)
                    let dy = (abs(y - strike.y) - 0.5 / Double(menuGridSize)).clamped(to: 0...1)
                    if (dx * dx + dy * dy).squareRoot() <= strike.r { grid[row][column] = "+" }
                }
            }
        }
        for row in 0..<menuGridSize {
            for column in 0..<menuGridSize where isSweptWhole(column: column, row: row, by: view.strikes) {
                grid[row][column] = "*"
            }
        }
        for sun in view.captured {
            let cell = gridCell(x: sun.x, y: sun.y)
            grid[cell.row][cell.column] = sun.seat == first ? "@" : "#"
        }
        let header = "    " + (0..<menuGridSize).map { cellName(column: $0, row: 0).prefix(1) }.joined(separator: " ")
        return [header] + grid.enumerated().map { row, cells in
            "  \(row + 1) " + cells.map(String.init).joined(separator: " ")
        }
    }

    /// Milliseconds as whole seconds, rounded up: "1 second", "12 seconds".
    static func wholeSeconds(_ milliseconds: Int64) -> String {
        let seconds = (max(0, milliseconds) + 999) / 1000
        return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }

}

extension String {
    /// The text with its first character upper-cased ("your" → "Your").
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// The text as a sentence: a full stop added unless it already ends with one (or ! or ?).
    fileprivate var sentence: String {
        guard let last, !".!?".contains(last) else { return self }
        return self + "."
    }
}
