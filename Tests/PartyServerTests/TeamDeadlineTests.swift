import Foundation
import PartyKit
import PartyServer
import RockPaperScissors
import SunTouch
import Testing

/// PROTOCOL.md section 17: a team's proposal window ends "earlier at the game's own deadline (a
/// turn timer, a round's end) so the team's choice is played". The games whose proposals meet a
/// deadline: Rock Paper Scissors' round (the rules refuse a choice at its end, `timeUp`) and
/// SunTouch's toss (at its end the host tosses for the seat). Snap!'s deal confirmation is taken
/// at its deadline anyway, Four in a Row has no turn timer, and TwentyFour's answers and Snap!'s
/// turns are played at once, never proposed.
@Suite("Teams at the game's deadline", .timeLimit(.minutes(2)))
struct TeamDeadlineTests {
    @Test("Rock Paper Scissors: one of a team of two proposes Paper, the round ends on time: the seat's pick is Paper")
    func rockPaperScissorsRoundEnd() async throws {
        // Nine people, eight seats: Ann and Ida hold seat 0. Only Ann proposes; nobody else chooses,
        // so the round ends when its time runs out.
        let names = ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
        let hellos = names.map { ($0, TeamTestSupport.teams) }
        let config = RockPaperScissorsConfiguration(rounds: 2, roundSeconds: 10, revealSeconds: 30)
        try await withHost(RockPaperScissors.self, configuration: config,
                           options: TeamTestSupport.options(startAt: 9, proposalMs: 120_000)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in clients.indices { try await clients[index].send("ready", #""ready": true"#) }
                let lobby = try #require(try await clients[0].next("lobby", where: { $0["state"] as? String == "playing" }))
                let seat = try #require(lobby["you"] as? Int)
                let team = try #require(try await clients[0].next("team"))
                #expect(team["name"] as? String == "Team Ann & Ida")
                try await clients[0].send("move", #""move": {"shape": "paper"}"#)
                let proposed = try #require(try await clients[0].next("team", where: { !(($0["proposals"] as? [Any]) ?? []).isEmpty }))
                #expect((proposed["proposals"] as? [[String: Any]])?.first?["label"] as? String == "Paper")
                let reveal = try #require(try await clients[0].next("view", where: { view in
                    ((view["view"] as? [String: Any])?["last"] as? [String: Any])?["round"] as? Int == 1
                }))
                let picks = try #require(((reveal["view"] as? [String: Any])?["last"] as? [String: Any])?["picks"] as? [[String: Any]])
                let mine = try #require(picks.first { $0["seat"] as? Int == seat })
                #expect(mine["shape"] as? String == "paper", "the team's proposal was not played at the round's end: \(picks)")
                // Paper against seven who did not choose: a point for each.
                #expect(mine["points"] as? Int == 7)
            }
        }
    }

    @Test("SunTouch: one of a team of two proposes a toss equal to the other seat's; at the toss's end it is played (equal tosses: another round)")
    func sunTouchTossEnd() async throws {
        let config = SunTouchConfiguration(suns: 4, timeLimitSeconds: 30, strikeDuration: 0.4)
        let hellos = ["Ann", "Bob", "Cy"].map { ($0, TeamTestSupport.teams) }
        try await withHost(SunTouch.self, configuration: config, options: TeamTestSupport.options(startAt: 3, proposalMs: 120_000)) { _, port in
            try await TeamTestSupport.withClients(port: port, hellos) { clients in
                for index in clients.indices { try await clients[index].send("ready", #""ready": true"#) }
                // Ann and Cy hold seat 0, Bob seat 1 alone: his toss is played at once.
                let lobby = try #require(try await clients[0].next("lobby", where: { $0["state"] as? String == "playing" }))
                #expect(lobby["you"] as? Int == 0)
                _ = try #require(try await clients[0].next("team"))
                try await clients[1].send("move", #""move": {"toss": {"value": 7}}"#)
                try await clients[0].send("move", #""move": {"toss": {"value": 7}}"#)
                let proposed = try #require(try await clients[0].next("team", where: { !(($0["proposals"] as? [Any]) ?? []).isEmpty }))
                // A toss the seat's menu does not offer (its own number) is labelled by its description.
                #expect((proposed["proposals"] as? [[String: Any]])?.first?["label"] as? String == "toss(7)")
                // Without the team's toss the host tosses for seat 0 at the deadline and play begins;
                // with it both tosses are 7, equal, and a second round of tossing starts.
                let after = try #require(try await clients[0].next("view", where: { view in
                    let body = view["view"] as? [String: Any]
                    return body?["phase"] as? String != "toss" || (body?["toss"] as? [String: Any])?["round"] as? Int == 2
                }))
                let body = try #require(after["view"] as? [String: Any])
                #expect(body["phase"] as? String == "toss", "the team's toss was not played at the toss's end: \(body)")
                #expect((body["toss"] as? [String: Any])?["round"] as? Int == 2)
            }
        }
    }
}
