import PartyKit
import PartyWire

extension Table {
    // MARK: The VIP (the member holding the host's role)

    /// What the VIP may do in this room now: start at once, choose (a room whose choice is
    /// `host`), remove a member, end the party.
    var vipRights: [VIPRight] {
        var rights: [VIPRight] = [.start]
        if case .host = room?.choice { rights.append(.choose) }
        rights.append(contentsOf: [.remove, .end])
        return rights
    }

    /// `remove` from a player: the VIP removes a member for good. The removed connection is told
    /// why and closed; the member leaves as any departure does, and their token dies with the seat
    /// (it does not bring them back as the same member).
    mutating func removeRequested(_ envelope: Envelope, from index: Int) {
        let vip = players[index]
        guard isRoom else { return send(ErrorMessage(.notARoom, inReplyTo: envelope.seq), to: vip.peer) }
        guard vip.isHost else { return send(ErrorMessage(.notVIP(.remove), inReplyTo: envelope.seq), to: vip.peer) }
        guard let request = decode(Remove.self, envelope, for: vip.peer) else { return }
        guard request.member != vip.member else {
            let refusal = Refusal.cannotRemove(detail: "You cannot remove yourself; leave the party instead.")
            return send(ErrorMessage(refusal, inReplyTo: envelope.seq), to: vip.peer)
        }
        guard let target = players.firstIndex(where: { $0.member == request.member }) else {
            let refusal = Refusal.cannotRemove(detail: "Nobody in the room has member id \(request.member).")
            return send(ErrorMessage(refusal, inReplyTo: envelope.seq), to: vip.peer)
        }
        let removed = players[target]
        if removed.connected {
            send(Ended(reason: EndReason.removed.rawValue, message: EndReason.removed.description), to: removed.peer)
        }
        log(.info, "\(vip.name) (the VIP) removed \(removed.name)")
        giveUpSeat(at: target, message: "The VIP removed \(removed.name) from the party.")
        departed[removed.token] = nil
    }

    /// `endParty` from a player: the VIP ends the party, as the host quitting does.
    mutating func endPartyRequested(by index: Int, seq: Int) {
        let player = players[index]
        guard player.isHost else { return send(ErrorMessage(.notVIP(.end), inReplyTo: seq), to: player.peer) }
        log(.info, "\(player.name) (the VIP) ended the party")
        end(reason: EndReason.vipEnded.rawValue, message: "\(player.name), the VIP, ended the party.")
    }

    /// The VIP `leaving` (already off `players`) gave up their seat: with `vipHandsOver`, the role
    /// passes to the longest-present human member, or waits for the next human to join. Returns
    /// the departure's sentence with the news added.
    mutating func handOverVIP(from leaving: TablePlayer, message: String) -> String {
        guard leaving.isHost, options.vipHandsOver else { return message }
        // The room's members are in the order they arrived; a locked table's member ids are.
        let order = room?.members.map(\.id) ?? players.map(\.member).sorted()
        let humans = Set(players.filter { !$0.isBot }.map(\.member))
        guard let heir = order.first(where: humans.contains), let index = players.firstIndex(where: { $0.member == heir }) else {
            vipVacant = true
            hostMember = nil
            log(.info, "\(leaving.name) left; nobody is the VIP until a person joins")
            return "\(message) The next person to join becomes the VIP."
        }
        players[index].isHost = true
        if let member = room?.members.firstIndex(where: { $0.id == heir }) { room?.members[member].isHost = true }
        if isRoom { hostMember = heir }
        log(.info, "\(players[index].name) is now the VIP")
        return "\(message) \(players[index].name) is now the VIP."
    }
}
