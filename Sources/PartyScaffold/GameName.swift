/// A valid name for a new game: an UpperCamelCase ASCII identifier that becomes the module name,
/// the prefix of every type, the lower-cased game id and, split into words, the title.
public struct GameName: Hashable, Sendable, CustomStringConvertible {
    /// The module name, such as `RockPaperScissors`.
    public let rawValue: String
    /// The game id, as typed after `--game`: the name in lower case unless another was chosen (`rps`).
    public let id: String

    /// The longest name accepted.
    public static let maximumLength = 40
    /// The shortest name accepted.
    public static let minimumLength = 2

    /// Checks `text` as a name for a new game.
    ///
    /// `taken` are the names of the package's existing targets and products (compared without
    /// regard to case, since the game id is the lower-cased name and some file systems ignore case).
    ///
    /// `id` replaces the default game id (the name in lower case): lower-case ASCII letters and
    /// digits, starting with a letter, like `rps`.
    public init(validating text: String, taken: [String] = [], id: String? = nil) throws(ScaffoldError) {
        guard !text.isEmpty else { throw .nameEmpty }
        guard text.count <= Self.maximumLength else {
            throw .nameTooLong(name: text, length: text.count, maximum: Self.maximumLength)
        }
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first),
              text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else { throw .nameNotUpperCamelCase(name: text) }
        guard text.count >= Self.minimumLength else { throw .nameTooShort(name: text, minimum: Self.minimumLength) }
        if ReservedNames.keywords.contains(text) { throw .nameIsKeyword(name: text) }
        if let module = ReservedNames.modules.first(where: { $0.lowercased() == text.lowercased() }) {
            throw .nameIsModule(name: text, module: module)
        }
        if let prefix = ReservedNames.modulePrefixes.first(where: { text.hasPrefix($0) }) {
            throw .nameHasReservedPrefix(name: text, prefix: prefix)
        }
        for target in taken {
            for candidate in [text, text + "Tests"] where candidate.lowercased() == target.lowercased() {
                throw .nameTaken(name: text, target: target)
            }
        }
        for suffix in GameTemplate.declaredSuffixes {
            let declared = text + suffix
            if let owner = ReservedNames.types[declared] {
                throw .nameClashesWithType(name: text, type: declared, owner: owner)
            }
        }
        if let id {
            guard (Self.minimumLength...Self.maximumLength).contains(id.count),
                  let first = id.unicodeScalars.first, ("a"..."z").contains(first),
                  id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            else { throw .idInvalid(id: id) }
        }
        rawValue = text
        self.id = id ?? text.lowercased()
    }

    /// The title people read: the name split into words (`Rock Paper Scissors`, `Four In A Row`).
    public var title: String {
        let characters = Array(rawValue)
        var title = ""
        for (index, character) in characters.enumerated() {
            if index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = character.isUppercase
                    && (previous.isLowercase || (previous.isUppercase && next?.isLowercase == true))
                let startsNumber = character.isNumber && !previous.isNumber
                if startsWord || startsNumber { title.append(" ") }
            }
            title.append(character)
        }
        return title
    }

    /// The game's test target, `<Name>Tests`.
    public var testTarget: String { rawValue + "Tests" }

    /// The name itself.
    public var description: String { rawValue }
}
