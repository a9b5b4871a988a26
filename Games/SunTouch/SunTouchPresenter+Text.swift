import PartyKit

extension SunTouchPresenter {
    /// The parts of the top line, most important first: scores, clock, radius and cooldown.
    func statusParts(_ view: SunTouchView, context: PresenterContext, elapsed: Int64) -> [String] {
        let scores = view.players.map { player in
            "\(player.seat == view.you ? "You" : context.name(of: player.seat)) \(player.score)"
        }.joined(separator: " · ")
        var parts = ["\(scores) of \(view.suns)", "\(SunTouchFormat.clock(view.left - elapsed)) left"]
        if view.phase == .playing, let me = view.me {
            parts.append("r \(SunTouchFormat.decimal(radius))")
            let cooling = me.cool - elapsed
            parts.append(cooling > 0 ? "cooling \(SunTouchFormat.seconds(cooling))" : "ready")
        }
        return parts
    }

    /// The bottom line: what to do now, or why nothing can be done.
    func messageLine(_ view: SunTouchView, context: PresenterContext, lineMode: Bool = false) -> String {
        let other = opponentName(view, context)
        // The shell's status line (line mode: its "Game over" line) shows how it ended.
        if view.phase == .over { return "" }
        let passed = max(0, context.elapsedMilliseconds)
        if view.paused {
            let away = view.players.filter(\.away).map { $0.seat == view.you ? "Your" : "\(context.name(of: $0.seat))'s" }
            let who = away.isEmpty ? "A player's" : away.joined(separator: " and ")
            return "Paused: \(who) connection dropped; waiting for them to come back."
        }
        switch view.phase {
        case .toss:
            guard let toss = view.toss else { return "Coin toss." }
            let again = toss.round > 1 ? "Equal tosses, toss again! " : ""
            let clock = "(\(SunTouchFormat.seconds(toss.left - passed)) left)"
            guard let me = view.me else { return "\(again)The players are tossing the coin \(clock)." }
            return me.tossed
                ? "\(again)You tossed; waiting for \(other) \(clock)."
                : "\(again)\(lineMode ? "Type toss to toss" : "Press Space to toss") the coin \(clock)."
        case .playing:
            return view.me == nil
                ? "@ \(view.players.first.map { context.name(of: $0.seat) } ?? "first")'s suns, # \(other)'s suns."
                : "@ your suns, # \(other)'s suns, o your strikes, x theirs. Space strikes at +."
        case .over:
            return ""
        }
    }

    /// One line for line mode: the phase, scores, clock, cooldown, recent strikes and captured suns.
    public func describe(_ view: SunTouchView, context: PresenterContext) -> String {
        let name = { (seat: SeatID) in seat == view.you ? "you" : context.name(of: seat) }
        let scores = view.players.map { "\(name($0.seat)) \($0.score)" }.joined(separator: ", ")
        switch view.phase {
        case .over:
            return "SunTouch over: \(scores) of \(view.suns) suns."
        case .toss:
            return "SunTouch coin toss: " + messageLine(view, context: context, lineMode: true)
        case .playing:
            var parts = ["SunTouch: \(scores) of \(view.suns) suns", "\(SunTouchFormat.clock(view.left)) left"]
            if view.paused { parts.append("paused until both players are connected") }
            if let me = view.me { parts.append(me.cool > 0 ? "cooling \(SunTouchFormat.seconds(me.cool))" : "ready to strike") }
            let recent = view.strikes.suffix(4).map { strike in
                "\(name(strike.seat)) at \(SunTouchFormat.decimal(strike.x)) \(SunTouchFormat.decimal(strike.y)) r \(SunTouchFormat.decimal(strike.r)) \(SunTouchFormat.seconds(strike.age)) ago"
            }
            if !recent.isEmpty { parts.append("strikes: " + recent.joined(separator: "; ")) }
            let suns = view.captured.map { "\(name($0.seat)) \(SunTouchFormat.decimal($0.x)) \(SunTouchFormat.decimal($0.y))" }
            if !suns.isEmpty { parts.append("suns: " + suns.joined(separator: "; ")) }
            return parts.joined(separator: " | ") + "."
        }
    }
}
