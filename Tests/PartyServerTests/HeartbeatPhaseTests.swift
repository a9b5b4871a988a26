import PartyKit
@testable import PartyServer
import Testing

/// Sessions started in the same instant (a party server's rooms started together, or resumed from
/// their journals at its start) do not send their players' heartbeats in the same turn of the loop.
@Suite("Heartbeat phases")
struct HeartbeatPhaseTests {
    @Test("sessions started in one instant send their first heartbeats spread over the interval after the first")
    func phasesSpreadOverTheInterval() {
        let now = ContinuousClock.now
        var random = SeededRandom(seed: 39)
        let offsets = (0..<1_000).map { _ in
            (Session.heartbeatPhase(from: now, interval: 3_000, using: &random) - now).wholeMilliseconds
        }
        // Never before one interval from the start (the "last" heartbeat is not in the past), never
        // two intervals or more.
        #expect(offsets.allSatisfy { (0..<3_000).contains($0) })
        // Spread over the whole interval: every tenth of it holds about a tenth of the sessions.
        let tenths = Dictionary(grouping: offsets) { $0 / 300 }.mapValues(\.count)
        #expect(tenths.count == 10)
        #expect(tenths.values.allSatisfy { $0 >= 50 }, "\(tenths.sorted { $0.key < $1.key })")
    }

    @Test("with no interval the first heartbeat is due at once")
    func noInterval() {
        let now = ContinuousClock.now
        var random = SeededRandom(seed: 1)
        #expect(Session.heartbeatPhase(from: now, interval: 0, using: &random) == now)
    }
}
