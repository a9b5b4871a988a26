import PartyKit

/// Plays a game between bots only, from their views, the way the bot runner drives them: each bot
/// plans after every change of its view, the earliest due plan is sent, time jumps to the next plan
/// or deadline, and a refused move is planned again 300 ms later.
///
/// Use it to check a game's bot levels: `BotMatch.play(FourInARowBot.self, levels: [.perfect, .normal], seed: 1)`.
public enum BotMatch {
    /// Plays one game with a bot per entry of `levels` (seat `i` plays `levels[i]`) and returns its
    /// outcome; nil when it did not end within `maxSteps` moves and deadlines, or nobody could act.
    /// `makeBot` builds each bot (by default `Bot(seat:seed:level:)`).
    public static func play<Bot: GameBot>(
        _: Bot.Type,
        levels: [BotLevel],
        seed: UInt64,
        configuration: Bot.Rules.Configuration = .init(),
        maxSteps: Int = 20_000,
        makeBot: (SeatID, UInt64, BotLevel) -> Bot = { Bot(seat: $0, seed: $1, level: $2) }
    ) -> GameOutcome? {
        let state = run(Bot.self, levels: levels, seed: seed, configuration: configuration, maxSteps: maxSteps,
                        makeBot: makeBot) { $0.isOver }
        return state.outcome
    }

    /// Plays like `play` until `stop` holds for the state (or `maxSteps` moves and deadlines have
    /// passed, or nobody can act) and returns the state: for games that never end by themselves.
    public static func run<Bot: GameBot>(
        _: Bot.Type,
        levels: [BotLevel],
        seed: UInt64,
        configuration: Bot.Rules.Configuration = .init(),
        maxSteps: Int = 20_000,
        makeBot: (SeatID, UInt64, BotLevel) -> Bot = { Bot(seat: $0, seed: $1, level: $2) },
        until stop: (Bot.Rules) -> Bool
    ) -> Bot.Rules {
        drive(Bot.self, levels: levels, seed: seed, configuration: configuration, maxSteps: maxSteps, makeBot: makeBot,
              until: stop).state
    }

    /// Plays like `run` and returns the state, the game time it reached and how many moves and
    /// deadlines passed on the way; it also stops once the game clock is past `timeLimit`.
    static func drive<Bot: GameBot>(
        _: Bot.Type,
        levels: [BotLevel],
        seed: UInt64,
        configuration: Bot.Rules.Configuration,
        maxSteps: Int,
        makeBot: (SeatID, UInt64, BotLevel) -> Bot = { Bot(seat: $0, seed: $1, level: $2) },
        timeLimit: GameInstant? = nil,
        until stop: (Bot.Rules) -> Bool
    ) -> (state: Bot.Rules, now: GameInstant, steps: Int) {
        typealias Rules = Bot.Rules
        let seats = levels.indices.map { Seat(id: SeatID($0), name: "Bot \($0 + 1)") }
        var state = Rules(setup: GameSetup(seats: seats, configuration: configuration, seed: seed, now: .zero))
        var bots = levels.enumerated().map { makeBot(SeatID($0.offset), seed &+ UInt64($0.offset) &* 7919, $0.element) }
        var plans = [BotPlan<Rules.Move>?](repeating: nil, count: bots.count)
        var seen = [Rules.View?](repeating: nil, count: bots.count)
        var now = GameInstant.zero
        for step in 0..<maxSteps {
            if stop(state) || timeLimit.map({ now > $0 }) == true { return (state, now, step) }
            for index in bots.indices {
                let view = state.view(for: .seat(SeatID(index)), at: now)
                if view != seen[index] {
                    seen[index] = view
                    plans[index] = bots[index].plan(for: view, at: now)
                }
            }
            let due = plans.indices.compactMap { index in plans[index].map { (index: index, plan: $0) } }
                .min { $0.plan.at < $1.plan.at }
            let deadline = state.schedule.deadline
            if let due, deadline.map({ due.plan.at <= $0 }) ?? true {
                now = max(now, due.plan.at)
                state.advance(to: now)
                plans[due.index] = nil
                do {
                    try state.apply(due.plan.move, from: SeatID(due.index), at: now)
                } catch {
                    let view = state.view(for: .seat(SeatID(due.index)), at: now)
                    seen[due.index] = view
                    if var next = bots[due.index].plan(for: view, at: now) {
                        next.at = max(next.at, now.adding(milliseconds: 300))
                        plans[due.index] = next
                    }
                }
            } else if let deadline {
                now = max(now, deadline)
                state.advance(to: now)
            } else {
                return (state, now, step)
            }
        }
        return (state, now, maxSteps)
    }

    /// Plays `games` games between a bot at `higher` and one at `lower` (swapping seats every other
    /// game, seeds `0..<games`) and returns how many each won.
    public static func tally<Bot: GameBot>(
        _ bot: Bot.Type,
        _ higher: BotLevel,
        against lower: BotLevel,
        games: Int,
        configuration: Bot.Rules.Configuration = .init(),
        makeBot: (SeatID, UInt64, BotLevel) -> Bot = { Bot(seat: $0, seed: $1, level: $2) }
    ) -> (higher: Int, lower: Int) {
        var wins = (higher: 0, lower: 0)
        for game in 0..<games {
            let swapped = game % 2 == 1
            let levels = swapped ? [lower, higher] : [higher, lower]
            guard let outcome = play(bot, levels: levels, seed: UInt64(game), configuration: configuration,
                                     makeBot: makeBot) else { continue }
            let higherSeat = SeatID(swapped ? 1 : 0)
            let lowerSeat = SeatID(swapped ? 0 : 1)
            if outcome.winners.contains(higherSeat), !outcome.winners.contains(lowerSeat) { wins.higher += 1 }
            if outcome.winners.contains(lowerSeat), !outcome.winners.contains(higherSeat) { wins.lower += 1 }
        }
        return wins
    }
}
