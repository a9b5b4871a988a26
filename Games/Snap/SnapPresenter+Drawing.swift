import PartyKit

extension SnapPresenter {
    /// Where a player sits on the screen.
    enum Position: Hashable, Sendable {
        case bottom, left, top, right
    }

    /// Positions for the players in view order (the viewer first, then clockwise).
    static func positions(count: Int) -> [Position] {
        switch count {
        case ...1: [.bottom]
        case 2: [.bottom, .top]
        case 3: [.bottom, .left, .right]
        default: [.bottom, .left, .top, .right]
        }
    }

    /// Draws the table: the viewer at the bottom, the others left, top and right clockwise.
    public func draw(_ view: SnapView, context: PresenterContext, on canvas: inout Canvas) {
        let width = canvas.width
        let height = canvas.height
        guard width > 0, height > 0 else { return }
        if width < 30 || height < 10 {
            drawCompact(view, context: context, on: &canvas)
            return
        }
        let blockWidth = min(22, width / 3)
        let middle = height / 2 - 1
        for (player, position) in zip(view.players, Self.positions(count: view.players.count)) {
            let (x, y): (Int, Int) = switch position {
            case .bottom: ((width - blockWidth) / 2, height - 4)
            case .top: ((width - blockWidth) / 2, 0)
            case .left: (0, middle)
            case .right: (width - blockWidth, middle)
            }
            drawPlayer(player, view: view, context: context, x: x, y: y, width: blockWidth, on: &canvas)
        }
        let centreX = blockWidth + 1
        let centreWidth = width - 2 * blockWidth - 2
        putCentred(status(view, context), x: 0, width: width, y: 3, style: .init(bold: true), on: &canvas)
        if let event = view.event {
            let style = eventStyle(event, view: view, context: context)
            putCentred(event.text, x: 0, width: width, y: middle - 1 > 3 ? middle - 1 : 4, style: style, on: &canvas)
        }
        // Everyone's card count: between the side players, or on a free row below them, or (too
        // narrow for all of it) not at all, since each player's block shows its piles anyway.
        let cards = "Cards: " + view.players.filter { !$0.gone }.map { "\($0.name) \($0.cards)" }.joined(separator: "  ")
        if cards.count <= centreWidth {
            putCentred(cards, x: centreX, width: centreWidth, y: middle + 1, style: .init(dim: true), on: &canvas)
        } else if cards.count <= width, middle + 3 < height - 4 {
            putCentred(cards, x: 0, width: width, y: middle + 3, style: .init(dim: true), on: &canvas)
        }
        putCentred(hint(view), x: 0, width: width, y: height - 1, style: .init(dim: true), on: &canvas)
    }

    /// Draws one player's name, top open card and pile counts.
    func drawPlayer(_ player: SnapView.Player, view: SnapView, context: PresenterContext, x: Int, y: Int, width: Int, on canvas: inout Canvas) {
        let isActive = view.active == player.seat && view.phase == .playing
        let name = (isActive ? "▶ " : "") + player.name + (player.seat == view.me ? " (you)" : "")
        let nameStyle = TextStyle(foreground: isActive && context.color ? .yellow : nil, bold: isActive, inverse: isActive && !context.color)
        canvas.put(Self.clip(name, width), x: x, y: y, style: nameStyle)
        if player.gone {
            canvas.put(Self.clip("left the game", width), x: x, y: y + 1, style: .init(dim: true))
            return
        }
        if player.out {
            canvas.put(Self.clip("out", width), x: x, y: y + 1, style: .init(dim: true))
            return
        }
        canvas.put("[", x: x, y: y + 1)
        if let top = player.top {
            let red = top.suit.isRed && context.color
            canvas.put(top.label, x: x + 1, y: y + 1, style: TextStyle(foreground: red ? .red : nil, bold: true))
            canvas.put("]", x: x + 1 + top.label.count, y: y + 1)
        } else {
            canvas.put("  ]", x: x + 1, y: y + 1, style: .init(dim: true))
        }
        let ready = view.phase == .dealing ? (player.ready ? " ready" : " not ready") : ""
        // A held seat says so with its countdown where the pile counts go (the centre line keeps the counts).
        let held = context.reconnectingLabel(of: SeatID(player.seat))
        let away = held == nil && player.away ? " away" : ""
        let counts = "closed \(player.closed) open \(player.open)"
        let shortCounts = "down \(player.closed) up \(player.open)"
        if let held {
            canvas.put(Self.clip(held, width), x: x, y: y + 2, style: TextStyle(foreground: context.color ? .yellow : nil, bold: true))
        } else {
            canvas.put(Self.clip(counts.count <= width ? counts : shortCounts, width), x: x, y: y + 2)
        }
        canvas.put(Self.clip(ready + away, width - 6), x: x + 6, y: y + 1, style: .init(dim: true))
    }

    /// The line in the middle: whose turn and how long, the deal, or the result.
    func status(_ view: SnapView, _ context: PresenterContext) -> String {
        switch view.phase {
        case .dealing:
            let seconds = Self.seconds((view.dealMs ?? 0) - context.elapsedMilliseconds)
            return "Dealing… play starts in \(seconds)s, or when everyone is ready"
        case .playing:
            guard let active = view.player(view.active) else { return "Turn \(view.turn + 1)" }
            let who = active.seat == view.me ? "Your turn" : "\(active.name)'s turn"
            let clock = view.paused ? "paused" + (context.reconnectingLabel(of: SeatID(active.seat)).map { ": \($0)" } ?? "")
                : "\(Self.seconds(remaining(view, context)))s"
            return "\(who) · \(clock)" + ((Self.turnsLeft(view) ?? Self.turnOf(view)).map { " · \($0)" } ?? "")
        case .over:
            // How it ended is the shell's status line; saying it twice is noise.
            return "Game over"
        }
    }

    /// The key hint at the bottom; nothing for a spectator, who has no keys to play with, nor once
    /// the game is over (the shell's key line offers the rematch).
    func hint(_ view: SnapView) -> String {
        guard let me = view.mine else { return "" }
        switch view.phase {
        case .dealing: return me.ready ? "Ready: play starts when everyone is" : "Space/Enter: ready to play"
        case .playing: return me.out ? "You are out: watch the others finish" : "Space/Enter: turn your card   s: SNAP!"
        case .over: return ""
        }
    }

    /// "12 turns left" once the turn limit is near (the last 20 turns), nil before: the limit only
    /// matters when it is about to end the game.
    static func turnsLeft(_ view: SnapView) -> String? {
        let left = view.limit - view.turn
        guard left <= 20 else { return nil }
        return left == 1 ? "last turn" : "\(left) turns left"
    }

    /// "turn 12 of 150" when the turn limit ends the game within minutes (at most `shownLimit`
    /// turns, as in a party room); nil for a far limit (the default 1000), which would be noise.
    static func turnOf(_ view: SnapView) -> String? {
        view.limit <= shownLimit ? "turn \(view.turn + 1) of \(view.limit)" : nil
    }

    /// The largest turn limit the status line shows from the first turn on.
    static let shownLimit = 200

    /// Snap events flash (inverse, coloured) for a moment; other events are dim.
    func eventStyle(_ event: SnapEvent, view: SnapView, context: PresenterContext) -> TextStyle {
        let age = (view.eventAgeMs ?? Self.flashMilliseconds) + context.elapsedMilliseconds
        guard event.isFlash, age < Self.flashMilliseconds else { return TextStyle(dim: true) }
        let color: TerminalColor = switch event.kind {
        case .snapWon: .green
        case .wrongSnap: .red
        default: .yellow
        }
        return TextStyle(foreground: context.color ? color : nil, bold: true, inverse: true)
    }

    /// A few plain lines for canvases too small for the table.
    func drawCompact(_ view: SnapView, context: PresenterContext, on canvas: inout Canvas) {
        var lines = [status(view, context)]
        // A held seat's countdown comes before its cards, which a small screen may cut.
        lines += view.players.map { player in
            context.reconnectingLabel(of: SeatID(player.seat)).map { "\(player.name): \($0)" } ?? Self.summary(player)
        }
        if let event = view.event { lines.append(event.text) }
        for (row, line) in lines.prefix(canvas.height).enumerated() {
            canvas.put(Self.clip(line, canvas.width), x: 0, y: row)
        }
    }

    /// `text` centred in the columns `x..<x+width` of row `y`, cut to fit.
    func putCentred(_ text: String, x: Int, width: Int, y: Int, style: TextStyle, on canvas: inout Canvas) {
        guard width > 0 else { return }
        let shown = Self.clip(text, width)
        canvas.put(shown, x: x + (width - shown.displayWidth) / 2, y: y, style: style)
    }

    /// `text` in at most `width` columns, shortened at a word with "…" (nothing for a width of 0 or less).
    static func clip(_ text: String, _ width: Int) -> String {
        text.fitted(toWidth: width)
    }
}
