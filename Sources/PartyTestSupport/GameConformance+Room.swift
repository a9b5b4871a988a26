import PartyKit

extension GameConformance {
    /// The most game time a game a party room offers may take when its bots play it alone.
    public static let roomGameMinutes = 10

    /// What keeps `Game` from ending by itself in a party room, empty when nothing does.
    ///
    /// A room gives each game its room settings (`GameConfiguration.init(roomValues:)` with nothing
    /// from the command line) and has no way to stop a game that plays on forever, so every game a
    /// room offers must end by itself. For each player count (by default from `minPlayers` up to
    /// two more) and seed, the game's own bots play it alone at `level` on the game clock (no wall
    /// time passes: time jumps to the next plan or deadline, as in `BotMatch`), and it must reach
    /// its `outcome` within `maxSteps` moves and deadlines and within `maxGameMinutes` of game time.
    ///
    /// Every game runs it (the catalog's test runs it for each game in `GameCatalog.all`).
    public static func roomProblems<Game: PartyGame>(
        _: Game.Type,
        playerCounts: [Int]? = nil,
        seeds: Range<UInt64> = 0..<3,
        level: BotLevel = .normal,
        maxSteps: Int = 20_000,
        maxGameMinutes: Int = roomGameMinutes
    ) -> [String] {
        let descriptor = Game.descriptor
        let configuration: Game.Rules.Configuration
        do {
            configuration = try Game.Rules.Configuration(roomValues: [:])
        } catch {
            return ["\(descriptor.id): the room settings \(Game.Rules.Configuration.roomDefaults) are refused: \(error)"]
        }
        let counts = playerCounts ?? Array(descriptor.minPlayers...min(descriptor.maxPlayers, descriptor.minPlayers + 2))
        let limit = Int64(maxGameMinutes) * 60_000
        var problems: [String] = []
        for count in counts {
            for seed in seeds {
                let label = "\(descriptor.id) in a party room, \(count) bots, seed \(seed)"
                let played = BotMatch.drive(Game.Bot.self, levels: Array(repeating: level, count: count), seed: seed,
                                            configuration: configuration, maxSteps: maxSteps,
                                            timeLimit: GameInstant(milliseconds: limit)) { state in
                    state.isOver
                }
                let minutes = played.now.milliseconds / 60_000
                if played.state.outcome == nil, played.now.milliseconds > limit {
                    problems.append("\(label): no outcome within \(maxGameMinutes) minutes of game time (\(played.steps) steps)")
                } else if played.state.outcome == nil {
                    problems.append("\(label): no outcome after \(played.steps) steps and \(minutes) minutes of game time"
                        + (played.steps < maxSteps ? " (nobody could act and no deadline was set)" : ""))
                } else if played.now.milliseconds > limit {
                    problems.append("\(label): the outcome came after \(minutes) minutes of game time (at most \(maxGameMinutes))")
                }
            }
        }
        return problems
    }
}
