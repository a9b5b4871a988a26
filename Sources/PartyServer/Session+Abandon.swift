extension Session {
    /// This node no longer holds the party (in a fleet, another node claimed its room, or this
    /// node's lease ran out): the table takes no input again, the journal writes nothing more, every connection closes (clients
    /// reconnect and find the room where it went) and the status stream finishes. The table is
    /// left as it was: the party is not ended, only no longer served here. Returns the inputs the
    /// journal had not written yet (a database that did not answer), if any.
    func abandon() -> JournalBatch? {
        abandoned = true
        let unwritten = journal.map { JournalBatch(party: $0.party, entries: $0.seal()) }
        let closing = links.values
        links = [:]
        for link in closing { link.close() }
        statusContinuation.finish()
        return unwritten.flatMap { $0.entries.isEmpty ? nil : $0 }
    }
}
