import NIOCore

extension ServiceAdvertiser {
    /// Handles one datagram: conflict detection for responses and probes, answers for queries.
    func handle(_ packet: ReceivedPacket) async {
        let message: DNSMessage
        do {
            message = try DNSMessage(bytes: packet.bytes)
        } catch {
            logger.debug("dropped a malformed mDNS packet", metadata: ["error": "\(error)"])
            return
        }
        guard message.opcode == 0 else { return }
        let sourcePort = packet.source.port ?? 0
        if message.isResponse {
            // Only port 5353 speaks for a responder (RFC 6762 section 6); anything else is ignored.
            guard sourcePort == MDNSTransport.port else { return }
            noteConflicts(in: message.answers + message.additionals)
        } else {
            if phase == .probing { checkSimultaneousProbe(message) }
            if phase == .announced { await answer(message, packet: packet, sourcePort: sourcePort) }
        }
    }

    /// A response claiming one of our unique names with other data is a conflict.
    private func noteConflicts(in records: [DNSRecord]) {
        guard phase == .probing || phase == .announced else { return }
        let uniqueNames = [instanceFullName, hostFullName]
        for record in records where record.ttl > 0 && uniqueNames.contains(record.name) && record.type != .nsec {
            if !isOurs(record) {
                if record.name == hostFullName {
                    // Our host name is random; pick another and probe everything again.
                    hostLabel = ServiceNaming.randomHostLabel()
                    lostTiebreak = true
                } else {
                    conflictSeen = true
                }
                logger.debug("mDNS conflicting record", metadata: ["record": "\(record.name) \(record.type)"])
                return
            }
        }
    }

    /// Another host probing for our name at the same time: the lexicographically later data wins.
    private func checkSimultaneousProbe(_ message: DNSMessage) {
        for name in [instanceFullName, hostFullName] {
            let theirs = message.authorities.filter { $0.name == name }
            guard !theirs.isEmpty else { continue }
            let ours = probeMessage().authorities.filter { $0.name == name }
            if Self.tiebreak(ours, theirs) == .lost {
                logger.debug("mDNS simultaneous probe lost", metadata: ["name": "\(name)"])
                lostTiebreak = true
            }
        }
    }

    /// Answers a query with the matching records and their additional records (RFC 6763 section
    /// 12), leaving out what the asker already knows (known-answer suppression, RFC 6762 7.1).
    private func answer(_ query: DNSMessage, packet: ReceivedPacket, sourcePort: Int) async {
        guard let transport else { return }
        let records = answerableRecords(interface: packet.interface)
        var answers: [DNSRecord] = []
        for question in query.questions {
            for record in records where question.isAnswered(by: record) && !answers.contains(record) {
                answers.append(record)
            }
            // A host-name question for an address type we do not have: say so (RFC 6762 section 6.1).
            if question.name == hostFullName, question.type != .any,
               !records.contains(where: { $0.name == hostFullName && $0.type == question.type }) {
                answers.append(hostNSEC(interface: packet.interface))
            }
            if question.type != .any && question.type != .srv && question.type != .txt && question.name == instanceFullName {
                answers.append(instanceNSEC)
            }
        }
        let known = query.answers
        answers.removeAll { record in known.contains { $0.sameRecord(as: record) && $0.ttl >= record.ttl / 2 } }
        guard !answers.isEmpty else { return }
        let additionals = additionalRecords(for: answers, interface: packet.interface, known: known)

        if sourcePort != MDNSTransport.port {
            // Legacy unicast (RFC 6762 6.7): same ID, the questions repeated, TTL at most 10, no flush bit.
            func legacy(_ record: DNSRecord) -> DNSRecord {
                var copy = record.with(ttl: min(record.ttl, 10))
                copy.cacheFlush = false
                return copy
            }
            var reply = DNSMessage.response(answers: answers.map(legacy), additionals: additionals.map(legacy))
            reply.id = query.id
            reply.questions = query.questions
            await transport.send(reply, to: packet.source, interface: packet.interface)
            return
        }
        let isProbe = !query.authorities.isEmpty
        // QU questions get a unicast reply, but a probe is always answered by multicast so that a
        // defence reaches the prober even when several sockets share port 5353 on its machine.
        if !isProbe && !query.questions.isEmpty && query.questions.allSatisfy(\.unicastResponse) {
            await transport.send(.response(answers: answers, additionals: additionals), to: packet.source, interface: packet.interface)
            return
        }
        // At most one multicast of a record per second, except when defending one of our unique
        // names against a probe (RFC 6762 section 6); a shared PTR asked for in a probe (as
        // python-zeroconf's probes do) is no defence and keeps the limit. A record multicast less
        // than a second ago is answered again when the second is up, not dropped: the asker may
        // have started after that multicast went out.
        let now = ContinuousClock.now
        let defended = isProbe ? [instanceFullName, hostFullName] : []
        let recent = answers.filter { record in
            !defended.contains(record.name) && lastMulticast[DNSRecordKey(record)].map { now - $0 < .seconds(1) } ?? false
        }
        for record in recent {
            let due = (lastMulticast[DNSRecordKey(record)] ?? now) + .seconds(1)
            deferredAnswers.removeAll { $0.record == record && $0.interface == packet.interface }
            deferredAnswers.append(DeferredAnswer(record: record, interface: packet.interface, due: due))
        }
        answers.removeAll { recent.contains($0) }
        guard !answers.isEmpty else { return }
        noteMulticast(answers, interface: packet.interface, at: now)
        await transport.sendMulticast(.response(answers: answers, additionals: additionals), interface: packet.interface)
    }

    /// Multicasts the answers that waited for their second to be up, if they are still ours.
    ///
    /// An answer whose record an announcement due within the next second carries anyway waits for
    /// that announcement (whose `noteMulticast` clears it), so that the two do not multicast the
    /// same record a moment apart (RFC 6762 section 6).
    func sendDeferredAnswers() async {
        let now = ContinuousClock.now
        guard let transport, deferredAnswers.contains(where: { $0.due <= now }) else { return }
        let announcing = phase == .announced && pendingAnnouncements.contains { $0 <= now + .seconds(1) }
        let announcingTXT = phase == .announced && pendingTXTAnnouncements.contains { $0 <= now + .seconds(1) }
        let txt = txtRecord
        func waitsForAnnouncement(_ entry: DeferredAnswer) -> Bool {
            (announcing && announcedRecords(interface: entry.interface).contains(entry.record))
                || (announcingTXT && entry.record == txt)
        }
        let due = deferredAnswers.filter { $0.due <= now && !waitsForAnnouncement($0) }
        deferredAnswers.removeAll { $0.due <= now && !waitsForAnnouncement($0) }
        guard !due.isEmpty else { return }
        for slot in Set(due.map(\.interface)).sorted() {
            let current = answerableRecords(interface: slot)
            // An entry is only here while its record has not gone out again (`noteMulticast`).
            let answers = due.filter { $0.interface == slot && current.contains($0.record) }.map(\.record)
            guard !answers.isEmpty else { continue }
            noteMulticast(answers, interface: slot, at: now)
            let additionals = additionalRecords(for: answers, interface: slot, known: [])
            await transport.sendMulticast(.response(answers: answers, additionals: additionals), interface: slot)
        }
    }

    /// Records that `records` go out now: the one-a-second limit starts again for each, and an
    /// answer still held back for one of them is given by this multicast (a held-back entry left
    /// behind would later be dropped as "just sent", swallowing a query asked after this one).
    func noteMulticast(_ records: [DNSRecord], interface: Int, at now: ContinuousClock.Instant) {
        for record in records { lastMulticast[DNSRecordKey(record)] = now }
        deferredAnswers.removeAll { $0.interface == interface && records.contains($0.record) }
    }

    /// What goes with `answers` so the asker needs no second query (RFC 6763 section 12), less
    /// what it already knows.
    private func additionalRecords(for answers: [DNSRecord], interface: Int, known: [DNSRecord]) -> [DNSRecord] {
        var additionals: [DNSRecord] = []
        func add(_ extra: [DNSRecord]) {
            for record in extra where !answers.contains(record) && !additionals.contains(record) {
                if !known.contains(where: { $0.sameRecord(as: record) && $0.ttl >= record.ttl / 2 }) { additionals.append(record) }
            }
        }
        if answers.contains(where: { $0.type == .ptr && $0.data == .ptr(instanceFullName) }) {
            add([srvRecord, txtRecord] + addressRecords(interface: interface) + [instanceNSEC, hostNSEC(interface: interface)])
        }
        if answers.contains(where: { $0.type == .srv }) { add(addressRecords(interface: interface) + [hostNSEC(interface: interface)]) }
        return additionals
    }
}

/// An answer held back by the one-multicast-a-second rule, and when it may go.
struct DeferredAnswer: Sendable {
    let record: DNSRecord
    let interface: Int
    let due: ContinuousClock.Instant
}
