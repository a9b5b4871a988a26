import PartyKit
import PartyWire

/// What a bot decides, fed by `BotLoop.run`: every event of its session, and on every tick what is due.
protocol BotBrain: Sendable {
    /// Takes one event of the session at `now`: what to send at once, or that the session is over for us.
    mutating func apply(_ event: ClientEvent, at now: GameInstant) -> BotStep
    /// The message that is due at `now`, if any (it is then no longer planned).
    mutating func due(at now: GameInstant) -> (any WireMessage)?
}

/// What a bot's brain makes of one event: messages to send now, or the end of its session.
enum BotStep: Sendable {
    /// Send these, in order (often none).
    case send([any WireMessage])
    /// The session is over for us (the host ended it or the connection is gone for good).
    case stop

    /// Nothing to send, and the session goes on.
    static let nothing = BotStep.send([])
}

/// The one loop every bot runs over its session, whatever it plays.
enum BotLoop {
    /// How often a bot looks at what is due: moves are planned for instants, and nothing from the
    /// host would wake the bot when one comes.
    static let tick = Duration.milliseconds(25)

    /// What the loop waits for: the host or the clock.
    private enum Input: Sendable {
        case event(ClientEvent)
        case tick
    }

    /// Feeds `brain` the session's events and a tick every `tick`, sending what it asks for, until
    /// it stops (the session closed) or the events end; then stops its own tasks. Instants count
    /// from the call.
    static func run(_ brain: some BotBrain, on session: PartySession) async {
        let start = ContinuousClock.now
        func now() -> GameInstant {
            GameInstant(milliseconds: (ContinuousClock.now - start).wholeMilliseconds)
        }
        // One stream for both sources, so the brain sees events and ticks one at a time, in order.
        let (inputs, feed) = AsyncStream<Input>.makeStream()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in session.events { feed.yield(.event(event)) }
                feed.finish()
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: tick)
                    if case .terminated = feed.yield(.tick) { return }
                }
            }
            var brain = brain
            loop: for await input in inputs {
                switch input {
                case .tick:
                    if let message = brain.due(at: now()) { session.send(message) }
                case .event(let event):
                    switch brain.apply(event, at: now()) {
                    case .stop:
                        break loop
                    case .send(let messages):
                        for message in messages { session.send(message) }
                    }
                }
            }
            feed.finish()
            group.cancelAll()
        }
    }
}
