import PartyServer
import PostgresNIO

extension FleetNode {
    /// Leaves the fleet on purpose (the server stops): every room is handed over here (its journal
    /// sealed, its connections closed), then the node's lease is ended in the database so that the
    /// other nodes claim its rooms at their next sweep instead of after the lease.
    public func leave() async {
        let (incarnation, held) = membership.snapshot
        // Sealed first, while still held: what their journals had not written goes in now.
        var unwritten: [JournalBatch] = []
        for code in membership.codes.values {
            if let batch = await host.handOver(code: code) { unwritten.append(batch) }
        }
        if !unwritten.isEmpty {
            do {
                let store = self.store, batches = unwritten
                try await Blocking.run {
                    try store.fencedAppend(batches: batches, count: batches.reduce(0) { $0 + $1.entries.count },
                                           incarnation: incarnation, held: held)
                }
            } catch {
                logger.error("inputs not yet written could not be written as this node left: \(error)")
            }
        }
        _ = membership.reincarnate()
        state.withLock {
            $0.validUntil = nil
            $0.registered = nil
        }
        do {
            let store = self.store
            _ = try await Blocking.run { _ = try store.query("UPDATE nodes SET lease_until = now() WHERE incarnation = \(incarnation)") }
        } catch {
            logger.warning("the fleet could not be told this node left (its rooms move when its lease runs out): \(error)")
        }
    }
}
