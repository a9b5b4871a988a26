import Foundation
import PartyKit
import Testing
@testable import TwentyFour

@Suite struct ConfigurationAndWireTests {
    @Test func defaultsAndSettings() throws {
        #expect(TwentyFourConfiguration() == TwentyFourConfiguration(roundSeconds: 100, pauseSeconds: 10))
        let custom = try TwentyFourConfiguration(values: ["round-seconds": "30", "pause-seconds": "3"])
        #expect(custom.roundSeconds == 30 && custom.pauseSeconds == 3)
        #expect(TwentyFourConfiguration.settings.map(\.name) == ["round-seconds", "pause-seconds", "rounds"])
        #expect(TwentyFourConfiguration().rounds == 0)
        #expect(try TwentyFourConfiguration(values: ["rounds": "5"]).rounds == 5)
        #expect(try TwentyFourConfiguration(values: ["rounds": "0"]).rounds == 0)
        #expect(TwentyFourConfiguration(roundSeconds: 30, rounds: 500).rounds == 100)
        let help = try #require(TwentyFourConfiguration.settings.first { $0.name == "rounds" })
        #expect(help.defaultValue == "0" && help.help.contains("0 = no end") && help.help.contains("0-100"))
    }

    @Test(arguments: [["round-seconds": "9"], ["round-seconds": "601"], ["round-seconds": "abc"], ["pause-seconds": "0"],
                      ["rounds": "-1"], ["rounds": "101"], ["rounds": "five"], ["round": "3"]])
    func badSettingsAreRefused(values: [String: String]) {
        #expect(throws: GameSettingError.self) { try TwentyFourConfiguration(values: values) }
    }

    @Test func movesAreSimpleJSON() throws {
        let submit = try JSONEncoder().encode(TwentyFourMove.submit(expression: "8/(3-8/3)"))
        let object = try JSONSerialization.jsonObject(with: submit) as? [String: String]
        #expect(object == ["kind": "submit", "expression": "8/(3-8/3)"])
        #expect(try JSONDecoder().decode(TwentyFourMove.self, from: Data(#"{"kind":"giveUp"}"#.utf8)) == .giveUp)
        #expect(try JSONDecoder().decode(TwentyFourMove.self, from: submit) == .submit(expression: "8/(3-8/3)"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TwentyFourMove.self, from: Data(#"{"kind":"cheat"}"#.utf8)) }
    }

    @Test func viewsRoundTripAndStayCompact() throws {
        var game = Samples.game(numbers: [3, 3, 8, 8])
        try game.apply(.submit(expression: "8/(3-8/3)"), from: Samples.alice, at: .seconds(4))
        let view = game.view(for: .seat(Samples.bob), at: .seconds(5))
        let data = try JSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(TwentyFourView.self, from: data) == view)
        #expect(data.count < 1_000)
    }

    @Test func theGameBundleNamesItsParts() {
        #expect(TwentyFourGame.descriptor == TwentyFour.descriptor)
        #expect(TwentyFour.descriptor.title == "TwentyFour" && TwentyFour.descriptor.minPlayers == 1)
        #expect(TwentyFour.descriptor.joinInProgress)
    }
}
