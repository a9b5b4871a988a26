import NIOCore

/// The session's clock: a timer on the session's own event loop that wakes the game at its
/// deadlines (and the room at its countdowns) until the session ends. No task and no thread: each
/// wake is one scheduled task on the loop the session already runs on, which then sets the next
/// one from the session's `clockInterval`.
///
/// `@unchecked Sendable`: `scheduled` and `stopped` are read and written only on `session.loop`
/// (`start` and `stop` hop there first; the timer's own callbacks run there).
final class SessionClock: @unchecked Sendable {
    private let session: Session
    private var scheduled: Scheduled<Void>?
    private var stopped = false

    /// A clock for `session`; nothing happens until `start`.
    init(session: Session) {
        self.session = session
    }

    /// Sets the first wake.
    func start() {
        session.loop.execute { self.arm() }
    }

    /// Stops waking the session (a wake already running finishes).
    func stop() {
        session.loop.execute {
            self.stopped = true
            self.scheduled?.cancel()
            self.scheduled = nil
        }
    }

    /// Schedules the next wake after the session's current interval; none once it has ended.
    private func arm() {
        guard !stopped else { return }
        let interval: Duration? = session.assumeIsolated { $0.ended ? nil : $0.clockInterval }
        guard let interval else { return }
        scheduled = session.loop.scheduleTask(in: .milliseconds(interval.wholeMilliseconds)) {
            self.scheduled = nil
            guard !self.stopped else { return }
            self.session.assumeIsolated { $0.tick() }
            self.arm()
        }
    }
}
