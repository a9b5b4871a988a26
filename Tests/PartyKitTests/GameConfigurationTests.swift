import PartyKit
import Testing

/// A configuration with one setting of each kind, read with the PartyKit helpers.
struct SampleConfiguration: GameConfiguration {
    static let settings = [
        GameSetting(name: "rounds", help: "rounds to play (1-9)", defaultValue: "3"),
        GameSetting(name: "speed", help: "speed factor (0.5-2)", defaultValue: "1"),
    ]
    var rounds = 3
    var speed = 1.0

    init() {}

    init(values: [String: String]) throws(GameSettingError) {
        try Self.checkNames(values)
        rounds = try Self.integer("rounds", in: values, range: 1...9, default: 3)
        speed = try Self.decimal("speed", in: values, range: 0.5...2, default: 1)
    }
}

@Suite("GameConfiguration helpers")
struct GameConfigurationTests {
    @Test("missing names keep their defaults")
    func defaults() throws {
        let configuration = try SampleConfiguration(values: [:])
        #expect(configuration == SampleConfiguration())
    }

    @Test("integers in range are read, surrounding whitespace allowed", arguments: [
        ("1", 1), ("9", 9), (" 4\t", 4), ("+5", 5),
    ])
    func integers(text: String, value: Int) throws {
        #expect(try SampleConfiguration(values: ["rounds": text]).rounds == value)
    }

    @Test("integers out of range or malformed are refused with the expected range", arguments: [
        "0", "10", "-1", "3.5", "three", "", " ", "99999999999999999999999",
    ])
    func badIntegers(text: String) {
        #expect(throws: GameSettingError.invalidValue(name: "rounds", value: text, expected: "a whole number from 1 to 9")) {
            try SampleConfiguration(values: ["rounds": text])
        }
    }

    @Test("decimals in range are read", arguments: [("0.5", 0.5), ("2", 2.0), (" 1.25 ", 1.25), ("1e0", 1.0)])
    func decimals(text: String, value: Double) throws {
        #expect(try SampleConfiguration(values: ["speed": text]).speed == value)
    }

    @Test("decimals out of range, malformed or not finite are refused", arguments: [
        "0.49", "2.01", "nan", "inf", "-inf", "fast", "",
    ])
    func badDecimals(text: String) {
        #expect(throws: GameSettingError.invalidValue(name: "speed", value: text, expected: "a number from 0.5 to 2.0")) {
            try SampleConfiguration(values: ["speed": text])
        }
    }

    @Test("unknown names are refused, naming the known ones")
    func unknownName() {
        #expect(throws: GameSettingError.unknownSetting(name: "colour", known: ["rounds", "speed"])) {
            try SampleConfiguration(values: ["rounds": "2", "colour": "red"])
        }
        // Several unknown names: the first in sorted order is reported, so the message is stable.
        #expect(throws: GameSettingError.unknownSetting(name: "alpha", known: ["rounds", "speed"])) {
            try SampleConfiguration(values: ["zulu": "1", "alpha": "1"])
        }
    }

    @Test("NoConfiguration accepts nothing but the empty set")
    func noConfiguration() throws {
        #expect(try NoConfiguration(values: [:]) == NoConfiguration())
        #expect(NoConfiguration.settings.isEmpty)
        #expect(throws: GameSettingError.unknownSetting(name: "speed", known: [])) {
            try NoConfiguration(values: ["speed": "1"])
        }
    }

    @Test("errors read well in a terminal", arguments: [
        (GameSettingError.unknownSetting(name: "colour", known: ["rounds", "speed"]),
         "This game has no setting --colour; it has: --rounds, --speed."),
        (GameSettingError.unknownSetting(name: "speed", known: []),
         "This game has no setting --speed (it has no settings at all)."),
        (GameSettingError.invalidValue(name: "rounds", value: "0", expected: "a whole number from 1 to 9"),
         "--rounds 0 is not valid: expected a whole number from 1 to 9."),
    ])
    func descriptions(error: GameSettingError, text: String) {
        #expect(error.description == text)
    }

    @Test("trimmingWhitespace", arguments: [
        ("  a b \t\n", "a b"), ("\ra\r", "a"), ("", ""), (" \t ", ""), ("x", "x"),
    ])
    func trimming(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }

    /// In Swift "\r\n" is one `Character`, equal to neither "\r" nor "\n"; it is whitespace all the same
    /// (a line typed into a CRLF terminal or pipe, a setting read from a CRLF file).
    @Test("a CRLF line ending is whitespace too", arguments: [("7\r\n", "7"), ("\r\n 8 \r\n\r\n", "8"), ("a\r\nb", "a\r\nb")])
    func crlf(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }
}
