import Foundation
import PartyServer
import PostgresNIO

/// A fleet node's journal writes: fenced by the rooms' epochs, and a new party begun together
/// with its room's code.
extension PostgresJournalStore {
    /// Appends `batches` only when this node's incarnation holds every batch's room in the epoch
    /// it knows, all in one statement: the rooms' rows are locked for share while the entries go
    /// in, so a claim by another node (which updates those rows) waits for the write to commit
    /// or comes first and makes it write nothing. Throws `JournalError.fenced` when it wrote nothing.
    func fencedAppend(batches: [JournalBatch], count: Int, membership: FleetMembership) throws {
        let (incarnation, held) = membership.snapshot
        try fencedAppend(batches: batches, count: count, incarnation: incarnation, held: held)
    }

    /// Appends `batches` as `incarnation` holding the rooms of `held` (party: epoch), fenced as above.
    func fencedAppend(batches: [JournalBatch], count: Int, incarnation: String, held: [Int64: Int64]) throws {
        var fenceParties: [Int64] = [], fenceEpochs: [Int64] = []
        for party in Set(batches.map(\.party)) {
            guard let epoch = held[party] else { throw JournalError.fenced(detail: "party \(party) is not held by this node") }
            fenceParties.append(party)
            fenceEpochs.append(epoch)
        }
        let (parties, sequences, instants, kinds, peers, bodies, epochs) = Self.columns(of: batches, count: count, epochs: held)
        let rows = try query("""
            WITH held AS (
                SELECT r.party FROM rooms r JOIN unnest(\(fenceParties)::bigint[], \(fenceEpochs)::bigint[]) AS f(party, epoch)
                    ON r.party = f.party AND r.epoch = f.epoch
                WHERE r.incarnation = \(incarnation) FOR SHARE OF r),
            written AS (
                INSERT INTO entries(party, sequence, instant, kind, peer, body, epoch)
                SELECT * FROM unnest(\(parties)::bigint[], \(sequences)::bigint[], \(instants)::bigint[], \(kinds)::text[],
                                     \(peers)::bigint[], \(bodies)::text[], \(epochs)::bigint[])
                WHERE (SELECT count(*) FROM held) = \(Int64(fenceParties.count))
                ON CONFLICT (party, sequence) DO NOTHING
                RETURNING 1)
            SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM written)
            """)
        // An entry already there is one this holder wrote before, whose answer was lost (the
        // connection closed after the commit): written once, not refused.
        var holding: Int64 = 0
        if let row = rows.first { (holding, _) = try row.decode((Int64, Int64).self) }
        guard holding == Int64(fenceParties.count) else {
            throw JournalError.fenced(detail: "another node holds the room now (parties \(fenceParties.sorted()))")
        }
    }

    /// Records a new party and its room (its code, held by this node in epoch 1) in one statement;
    /// throws `JournalError.codeTaken` when another node's room has the code.
    func beginRoom(_ party: JournalParty, membership: FleetMembership) throws -> JournalParty {
        guard let code = party.joinCode else { throw JournalError.writeFailed(detail: "\(database): a fleet's party needs a room code") }
        let arguments = String(decoding: (try? JSONEncoder().encode(party.arguments)) ?? Data("[]".utf8), as: UTF8.self)
        let incarnation = membership.incarnation
        let id: Int64 = try locked { connection in
            do {
                let rows = try run("""
                    WITH p AS (
                        INSERT INTO parties(name, started, version, arguments, seed, session_id, host_key, join_code, port)
                        VALUES (\(party.name), \(party.started), \(party.version), \(arguments), \(Int64(bitPattern: party.seed)),
                                \(party.sessionID), \(party.hostKey), \(code), \(Int64(party.port)))
                        RETURNING id),
                    r AS (
                        INSERT INTO rooms(code, party, incarnation, epoch, claimed)
                        SELECT \(code), id, \(incarnation), 1, now() FROM p RETURNING party),
                    c AS (
                        INSERT INTO claims(party, epoch, node, incarnation, at)
                        SELECT party, 1, \(membership.node), \(incarnation), now() FROM r)
                    SELECT party FROM r
                    """, on: connection)
                guard let id = try rows.first?.decode(Int64.self) else { throw JournalError.writeFailed(detail: "\(database): no id for the new party") }
                return id
            } catch let failure as PostgresFailure where failure.isUniqueViolation {
                throw JournalError.codeTaken(code: code)
            }
        }
        membership.hold(id, code: code, epoch: 1, incarnation: incarnation)
        var begun = party
        begun.id = id
        return begun
    }

    /// Marks `party` finished and frees its code, only while this node holds its room.
    func finishRoom(party: Int64, reason: String, at: Double, membership: FleetMembership) throws {
        let (incarnation, held) = membership.snapshot
        guard let epoch = held[party] else { throw JournalError.fenced(detail: "party \(party) is not held by this node") }
        let rows = try query("""
            WITH r AS (DELETE FROM rooms WHERE party = \(party) AND incarnation = \(incarnation) AND epoch = \(epoch) RETURNING party),
            u AS (UPDATE parties SET finished = \(reason), finished_at = \(at) WHERE id IN (SELECT party FROM r) AND finished IS NULL)
            SELECT count(*) FROM r
            """)
        membership.release(party)
        guard try rows.first.map({ try $0.decode(Int64.self) }) == 1 else {
            throw JournalError.fenced(detail: "another node holds the room now (party \(party))")
        }
    }
}
