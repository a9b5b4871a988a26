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
