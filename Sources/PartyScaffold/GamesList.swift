import Foundation

/// The `let games = [...]` list in `Package.swift`: the one place a game is registered.
///
/// It is read and edited as text, so everything else in the manifest (comments, formatting, the
/// list's own layout) stays exactly as it was.
public struct GamesList: Hashable, Sendable {
    /// The game names, in list order.
    public let names: [String]
    /// The whole manifest text.
    public let manifest: String

    /// Where the list's `[` is.
    private let open: String.Index
    /// Where the list's `]` is.
    private let close: String.Index
    /// Where the last name's closing quote ends, if the list has names.
    private let lastEnd: String.Index?
    /// Whether a comma follows the last name.
    private let trailingComma: Bool

    /// Finds and reads the list in `manifest`.
    public init(manifest: String) throws(ScaffoldError) {
        self.manifest = manifest
        guard let match = manifest.firstMatch(of: /(?m)^[ \t]*(?:public[ \t]+)?let[ \t]+games[ \t]*(?::[ \t]*\[[ \t]*String[ \t]*\][ \t]*)?=[ \t]*\[/) else {
            throw .gamesListNotFound
        }
        open = manifest.index(before: match.range.upperBound)
        var names: [String] = []
        var lastEnd: String.Index?
        var trailingComma = false
        var index = manifest.index(after: open)
        var closing: String.Index?
        while index < manifest.endIndex {
            let character = manifest[index]
            let rest = manifest[index...]
            if character == "]" {
                closing = index
                break
            } else if character == "\"" {
                guard !rest.hasPrefix("\"\"\"") else { throw .gamesListMalformed(reason: "multi-line strings are not game names") }
                var end = manifest.index(after: index)
                var name = ""
                while end < manifest.endIndex, manifest[end] != "\"", manifest[end] != "\n" {
                    if manifest[end] == "\\" { throw .gamesListMalformed(reason: "game names have no escapes or interpolation") }
                    name.append(manifest[end])
                    end = manifest.index(after: end)
                }
                guard end < manifest.endIndex, manifest[end] == "\"" else {
                    throw .gamesListMalformed(reason: "a string is not closed on its line")
                }
                if lastEnd != nil && !trailingComma { throw .gamesListMalformed(reason: "a comma is missing before \"\(name)\"") }
                names.append(name)
                index = manifest.index(after: end)
                lastEnd = index
                trailingComma = false
                continue
            } else if character == "," {
                guard lastEnd != nil, !trailingComma else { throw .gamesListMalformed(reason: "a comma has no name before it") }
                trailingComma = true
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? manifest.endIndex
                continue
            } else if rest.hasPrefix("/*") {
                guard let end = rest.firstRange(of: "*/") else { throw .gamesListMalformed(reason: "a comment is not closed") }
                index = end.upperBound
                continue
            } else if !character.isWhitespace {
                throw .gamesListMalformed(reason: "only string literals may stand in the list, found '\(character)'")
            }
            index = manifest.index(after: index)
        }
        guard let closing else { throw .gamesListMalformed(reason: "the list has no closing ]") }
        let after = manifest[manifest.index(after: closing)...].prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        guard after.isEmpty || after.hasPrefix("//") || after == ";" else {
            throw .gamesListMalformed(reason: "only a plain list of names can be edited, but ']' is followed by '\(after)'")
        }
        close = closing
        self.names = names
        self.lastEnd = lastEnd
        self.trailingComma = trailingComma
    }

    /// Whether `name` is listed, or a name with the same lower-cased id; returns the listed one.
    public func registered(like name: String) -> String? {
        names.first { $0.lowercased() == name.lowercased() }
    }

    /// The manifest with `name` appended to the list in the list's own style; the same text when it
    /// is already there.
    public func adding(_ name: String) -> String {
        guard !names.contains(name) else { return manifest }
        var text = manifest
        let literal = "\"\(name)\""
        let multiLine = manifest[open..<close].contains("\n")
        guard let lastEnd else {
            // An empty list: `[]` becomes `["Name"]`; an empty multi-line list gets one line.
            if multiLine {
                let indent = Self.indentation(ofLineAt: close, in: manifest)
                text.replaceSubrange(manifest.index(after: open)..<close, with: "\n\(indent)    \(literal),\n\(indent)")
            } else {
                text.replaceSubrange(manifest.index(after: open)..<close, with: literal)
            }
            return text
        }
        if multiLine {
            // One more line under the last name, indented like it; keep the trailing-comma habit.
            let indent = Self.indentation(ofLineAt: lastEnd, in: manifest)
            let afterLast = trailingComma ? manifest[lastEnd...].firstIndex(of: ",").map { manifest.index(after: $0) } ?? lastEnd : lastEnd
            text.replaceSubrange(lastEnd..<afterLast, with: ",\n\(indent)\(literal)" + (trailingComma ? "," : ""))
        } else if trailingComma {
            let comma = manifest[lastEnd...].firstIndex(of: ",") ?? lastEnd
            text.insert(contentsOf: " \(literal),", at: manifest.index(after: comma))
        } else {
            text.insert(contentsOf: ", \(literal)", at: lastEnd)
        }
        return text
    }

    /// The spaces and tabs at the start of the line holding `index`.
    static func indentation(ofLineAt index: String.Index, in text: String) -> String {
        let lineStart = text[..<index].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return String(text[lineStart...].prefix { $0 == " " || $0 == "\t" })
    }

    /// The names of the package's targets and products written as `name: "X"`, which a new game
    /// must not take (the games' own derived targets are in `names`).
    public var declaredTargetNames: [String] {
        manifest.matches(of: /name:[ \t]*"([^"\n]*)"/).map { String($0.output.1) }
    }
}
