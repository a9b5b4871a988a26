import Foundation
import NIOCore
import NIOPosix
@testable import PartyFleet
import Synchronization
import Testing

/// Every wait for the database has an end, whether or not PostgresNIO ends it: a future that
/// never completes is given up on after its limit, and a value it brings later is handed on (a
/// connection that comes too late is closed, not leaked).
@Suite("Waits for the database end")
struct BoundedWaitTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    @Test("a blocking wait for a future that never completes throws NoAnswer at its limit; a value that comes later goes to late")
    func blockingGivesUp() throws {
        let promise = group.next().makePromise(of: Int.self)
        let late = Mutex<Int?>(nil)
        let started = Date()
        #expect(throws: NoAnswer.self) {
            try promise.futureResult.blockingWait(atMost: .milliseconds(200), what: "a statement") { value in late.withLock { $0 = value } }
        }
        #expect(Date().timeIntervalSince(started) >= 0.2)
        promise.succeed(7)
        try group.next().submit {}.wait()
        #expect(late.withLock { $0 } == 7)
    }

    @Test("a blocking wait returns what completes in time, and throws what fails in time")
    func blockingInTime() throws {
        let loop = group.next()
        let answered = loop.scheduleTask(in: .milliseconds(20)) { 5 }.futureResult
        #expect(try answered.blockingWait(atMost: .seconds(30), what: "a statement") == 5)
        let failed: EventLoopFuture<Int> = loop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        #expect(throws: ChannelError.self) { try failed.blockingWait(atMost: .seconds(30), what: "a statement") }
    }

    @Test("an awaited future that never completes throws NoAnswer at its limit; one that completes in time gives its value")
    func awaitedGivesUp() async throws {
        let promise = group.next().makePromise(of: Int.self)
        let late = Mutex<Int?>(nil)
        await #expect(throws: NoAnswer.self) {
            try await promise.futureResult.value(within: .milliseconds(200), what: "connect") { value in late.withLock { $0 = value } }
        }
        promise.succeed(9)
        try await group.next().submit {}.get()
        #expect(late.withLock { $0 } == 9)
        let answered = group.next().scheduleTask(in: .milliseconds(20)) { 3 }.futureResult
        #expect(try await answered.value(within: .seconds(30), what: "connect") == 3)
    }
}
