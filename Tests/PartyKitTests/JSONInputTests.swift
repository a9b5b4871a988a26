import PartyKit
import Testing

/// `JSONInput` reads its strict subset and calls everything else a mismatch (left to `JSONDecoder`).
struct JSONInputTests {
    private static func read<Value>(_ text: String, _ body: (inout JSONInput) throws(JSONInput.Mismatch) -> Value) -> Value? {
        Array(text.utf8).withUnsafeBytes { JSONInput.read($0, body) }
    }

    @Test("integers in plain form are read, whatever else is left to JSONDecoder", arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), (" 42 ", 42),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func integers(text: String, value: Int) {
        #expect(Self.read(text) { input throws(JSONInput.Mismatch) in try input.readInt() } == value)
    }

    @Test("numbers outside the subset are a mismatch", arguments: [
        "", "-", "01", "-01", "4.0", "4e0", "4E1", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "+4", "\"4\"", "4 4", "true",
    ])
    func notIntegers(text: String) {
        #expect(Self.read(text) { input throws(JSONInput.Mismatch) in try input.readInt() } == nil)
    }

    @Test("strings without escapes are read; escapes, control characters and bad UTF-8 are a mismatch")
    func strings() {
        #expect(Self.read(#""héllo 😀""#) { input throws(JSONInput.Mismatch) in try input.readString() } == "héllo 😀")
        #expect(Self.read(#""""#) { input throws(JSONInput.Mismatch) in try input.readString() } == "")
        for text in [#""a\"b""#, #""a\nb""#, "\"a\u{1}b\"", #""open"#, "x"] {
            #expect(Self.read(text) { input throws(JSONInput.Mismatch) in try input.readString() } == nil, "\(text)")
        }
        let invalid: [UInt8] = [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")]
        #expect(invalid.withUnsafeBytes { JSONInput.read($0) { input throws(JSONInput.Mismatch) in try input.readString() } } == nil)
    }

    @Test("objects hand over each member once; repeated keys, missing commas and trailing text are a mismatch")
    func objects() {
        func pairs(_ text: String) -> [String]? {
            Self.read(text) { input throws(JSONInput.Mismatch) -> [String] in
                var found: [String] = []
                try input.readObject { key, value throws(JSONInput.Mismatch) in
                    if key.matches("n") {
                        found.append("n=\(try value.readInt())")
                    } else if key.matches("b") {
                        found.append("b=\(try value.readBool())")
                    } else if key.matches("z") {
                        found.append("z=\(value.readNull())")
                    } else {
                        try value.skipScalar()
                        found.append("skipped")
                    }
                }
                return found
            }
        }
        #expect(pairs("{}") == [])
        #expect(pairs(" { \"n\" : 3 ,\n\"b\":false,\t\"z\":null, \"s\":\"x\", \"t\":true, \"m\":-1} ") == ["n=3", "b=false", "z=true", "skipped", "skipped", "skipped"])
        for text in [#"{"n":1,"n":2}"#, #"{"n":1 "b":true}"#, #"{"n":1,}"#, #"{"n":1} x"#, #"{"s":{}}"#, #"{"s":[1]}"#,
                     #"{n:1}"#, #"{"n":1"#, #"["n"]"#, #"{"b":tru}"#, #"{"z":nul}"#] {
            #expect(pairs(text) == nil, "\(text)")
        }
        func members(_ count: Int) -> String { "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}" }
        #expect(pairs(members(JSONInput.maximumMembers))?.count == JSONInput.maximumMembers)
        #expect(pairs(members(JSONInput.maximumMembers + 1)) == nil)
    }

    @Test("keys match only their exact bytes")
    func keys() {
        let matched = Self.read(#"{"column":1,"col":2,"columns":3}"#) { input throws(JSONInput.Mismatch) -> [Int] in
            var columns: [Int] = []
            try input.readObject { key, value throws(JSONInput.Mismatch) in
                let number = try value.readInt()
                if key.matches("column") { columns.append(number) }
            }
            return columns
        }
        #expect(matched == [1])
    }
}
