import PartyClient
import PartyKit
import PartyTestSupport
import PartyWire
import Testing
@testable import PartyShell

/// The room's screen shows who the VIP is, and line mode finds a member to remove by name.
@Suite struct RoomVIPScreenTests {
    @Test("the VIP's scoreboard row says (VIP) at 80×24, and nobody else's does; the screen still fits")
    func vipMarked() throws {
        var message = RoomSamples.choosing()
        let vip = try #require(message.scoreboard.first { $0.present && $0.member != message.you })
        message.vip = vip.member
        var room = RoomState()
        room.apply(message, at: .now)
        var canvas = Canvas(width: 80, height: 24 - LayoutCheck.shellRows)
        RoomPainter.draw(room, viewer: RoomPainter.Viewer(member: message.you, host: false, cursor: 0), color: false, now: .now, on: &canvas)
        let rows = (0..<canvas.height).map { canvas.text(ofRow: $0) }
        #expect(rows.filter { $0.contains("(VIP)") }.count == 1, "\(canvas.text)")
        #expect(rows.first { $0.contains("(VIP)") }?.contains(vip.name) == true, "\(canvas.text)")
        #expect(rows.allSatisfy { $0.displayWidth <= 80 })
        message.vip = nil
        var plain = RoomState()
        plain.apply(message, at: .now)
        #expect(!plain.youAreVIP && plain.vip == nil)
    }

    @Test("a member to remove is found by name whatever the case, only when present")
    func memberByName() throws {
        var message = RoomSamples.choosing()
        message.rights = ["start", "remove", "end"]
        var room = RoomState()
        room.apply(message, at: .now)
        #expect(room.youAreVIP)
        let present = try #require(message.scoreboard.first { $0.present })
        #expect(room.presentMember(named: present.name.uppercased())?.member == present.member)
        #expect(room.presentMember(named: "nobody at all") == nil)
    }

    @Test("a VIP who may remove and end gets r and e on its key line (within 80 columns) and in its help; nobody else does")
    func vipKeys() {
        var message = RoomSamples.choosing()
        message.rights = ["start", "remove", "end"]
        var room = RoomState()
        room.apply(message, at: .now)
        let keys = RoomShell.roomKeys(room: room, host: true, spectator: false)
        #expect(keys == "1-5 vote · s start now · r remove · e end party · ? help · q leave")
        #expect(LayoutCheck.helpProblems(keys, width: 80) == [])
        let help = RoomShell.helpLines(host: true, games: 5, rights: message.rights ?? [])
        #expect(help.contains { $0.hasPrefix("  r ") } && help.contains { $0.hasPrefix("  e ") }, "\(help)")
        #expect(help.contains { $0.contains("↑/↓ Enter") }, "the arrows are still explained in the help")
        #expect(help.allSatisfy { $0.displayWidth <= 78 })
        message.rights = nil
        var guest = RoomState()
        guest.apply(message, at: .now)
        #expect(!RoomShell.roomKeys(room: guest, host: false, spectator: false).contains("r remove"))
        #expect(!RoomShell.helpLines(host: false, games: 5).contains { $0.hasPrefix("  r ") })
    }
}
