/// The words, quoted strings and punctuation of a BIND configuration file, comments skipped.
struct KeyFileTokens {
    struct Token { var text: String; var line: Int }
    private var characters: [Character]
    private var index = 0
    private var line = 1

    init(_ text: String) { characters = Array(text) }

    mutating func expect(_ text: String, path: String) throws(TSIGKeyError) {
        guard let token = next() else { throw .syntax(path: path, line: line, expected: text, found: "the end") }
        guard token.text == text else { throw .syntax(path: path, line: token.line, expected: text, found: token.text) }
    }

    mutating func next() -> Token? {
        while index < characters.count {
            let c = characters[index]
            if c == "\n" { line += 1; index += 1; continue }
            if c.isWhitespace { index += 1; continue }
            if c == "#" || (c == "/" && peek(1) == "/") {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if c == "/" && peek(1) == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && peek(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            let start = line
            if "{};".contains(c) { index += 1; return Token(text: String(c), line: start) }
            if c == "\"" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != "\"" { text.append(characters[index]); index += 1 }
                index += 1
                return Token(text: text, line: start)
            }
            var text = ""
            while index < characters.count, !characters[index].isWhitespace, !"{};\"".contains(characters[index]) {
                text.append(characters[index]); index += 1
            }
            return Token(text: text, line: start)
        }
        return nil
    }

    private func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }
}
