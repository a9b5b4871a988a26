#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TSIG key: its name and HMAC-SHA256 secret, read from a file in BIND's format, as
/// `tsig-keygen NAME > FILE` writes it:
///
///     key "NAME" {
///             algorithm hmac-sha256;
///             secret "BASE64";
///     };
public struct TSIGKey: Sendable, Hashable {
    /// The key's name, as the server knows it.
    public var name: DNSName
    /// The shared secret.
    public var secret: [UInt8]

    /// Creates a key.
    public init(name: DNSName, secret: [UInt8]) {
        self.name = name
        self.secret = secret
    }

    /// Reads the first `key` statement of the file at `path`.
    public init(contentsOf path: String) throws(TSIGKeyError) {
        guard let file = fopen(path, "r") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
            guard bytes.count <= 65536 else { throw .unreadable(path: path, reason: "it is larger than 64 KiB, not a key file") }
        }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Parses key-file text; `path` only names the file in errors.
    public init(parsing text: String, path: String = "the key file") throws(TSIGKeyError) {
        var tokens = KeyFileTokens(text)
        guard let first = tokens.next() else { throw .noKey(path: path) }
        guard first.text == "key" else { throw .syntax(path: path, line: first.line, expected: "key \"NAME\" {", found: first.text) }
        guard let nameToken = tokens.next(), nameToken.text != "{" else {
            throw .syntax(path: path, line: first.line, expected: "the key's name after key", found: "{")
        }
        let name: DNSName
        do { name = try DNSName(nameToken.text) } catch { throw .badName(path: path, name: nameToken.text) }
        try tokens.expect("{", path: path)
        var algorithm: String?
        var secretText: String?
        while let token = tokens.next(), token.text != "}" {
            guard let value = tokens.next() else { throw .syntax(path: path, line: token.line, expected: "a value after \(token.text)", found: "the end") }
            switch token.text.lowercased() {
            case "algorithm": algorithm = value.text.lowercased()
            case "secret": secretText = value.text
            default: throw .syntax(path: path, line: token.line, expected: "algorithm or secret", found: token.text)
            }
            try tokens.expect(";", path: path)
        }
        guard let algorithm else { throw .missing(path: path, what: "algorithm") }
        guard algorithm == "hmac-sha256" else { throw .unsupportedAlgorithm(path: path, algorithm: algorithm) }
        guard let secretText else { throw .missing(path: path, what: "secret") }
        guard let secret = Base64.decode(secretText), !secret.isEmpty else { throw .badSecret(path: path) }
        self.init(name: name, secret: secret)
    }
}

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

/// Standard base64 (RFC 4648) without Foundation.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes of `text` (whitespace ignored, `=` padding optional); nil for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 where byte != 32 && byte != 9 && byte != 10 && byte != 13 {
            if byte == UInt8(ascii: "=") { padding += 1; continue }
            guard padding == 0, let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(value))
        }
        guard padding <= 2, values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = Array(values[index..<min(index + 4, values.count)])
            let n = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (18 - 6 * UInt32($1.offset)) }
            out.append(UInt8(n >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            index += 4
        }
        return out
    }
}

/// Why a TSIG key file could not be used.
public enum TSIGKeyError: Error, Sendable, Equatable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file has no `key` statement.
    case noKey(path: String)
    /// Something other than what BIND's format has at that place.
    case syntax(path: String, line: Int, expected: String, found: String)
    /// The key's name is no valid DNS name.
    case badName(path: String, name: String)
    /// The `algorithm` or `secret` line is missing.
    case missing(path: String, what: String)
    /// An algorithm other than hmac-sha256.
    case unsupportedAlgorithm(path: String, algorithm: String)
    /// The secret is not base64.
    case badSecret(path: String)
}

extension TSIGKeyError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the TSIG key file \(path): \(reason)"
        case .noKey(let path): "\(path) holds no key statement (make one with: tsig-keygen -a hmac-sha256 NAME > \(path))"
        case .syntax(let path, let line, let expected, let found):
            "\(path) line \(line): expected \(expected) but found \"\(found)\" (the file should be as tsig-keygen writes it)"
        case .badName(let path, let name): "\(path): the key name \"\(name)\" is not a valid DNS name"
        case .missing(let path, let what): "\(path): the key has no \(what) line"
        case .unsupportedAlgorithm(let path, let algorithm):
            "\(path): the key's algorithm is \(algorithm), but only hmac-sha256 is supported (tsig-keygen -a hmac-sha256)"
        case .badSecret(let path): "\(path): the key's secret is not valid base64"
        }
    }
}
