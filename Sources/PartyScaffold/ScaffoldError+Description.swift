extension ScaffoldError: CustomStringConvertible {
    /// A sentence or two a person can act on.
    public var description: String {
        switch self {
        case .nameEmpty:
            "Give the new game a name, like: new-game RaceToTwentyOne"
        case .nameTooLong(let name, let length, let maximum):
            "'\(name)' is \(length) characters long; a game name has at most \(maximum)."
        case .nameTooShort(let name, let minimum):
            "'\(name)' is too short; a game name has at least \(minimum) characters."
        case .nameNotUpperCamelCase(let name):
            "'\(name)' is not a valid game name: use UpperCamelCase ASCII letters and digits, starting with a capital letter (like RockPaperScissors)."
        case .nameIsKeyword(let name):
            "'\(name)' is a Swift keyword; choose another name."
        case .nameIsModule(let name, let module):
            "'\(name)' is the name of the module \(module); choose another name."
        case .nameHasReservedPrefix(let name, let prefix):
            "'\(name)' starts with \(prefix), which dependency modules use; choose another name."
        case .nameTaken(let name, let target):
            "'\(name)' clashes with the existing target or product \(target) in Package.swift; choose another name."
        case .nameClashesWithType(let name, let type, let owner):
            "'\(name)' would declare the type \(type), which hides \(type) from \(owner) in the generated code; choose another name."
        case .idInvalid(let id):
            "'\(id)' is not a valid game id: use 2 to 40 lower-case ASCII letters and digits, starting with a letter (like rps)."
        case .idTaken(let id, let game):
            "The game id \(id) is already \(game)'s; choose another id."
        case .alreadyRegistered(let name, let existing):
            existing == name
                ? "\(name) is already a game in Package.swift's games list."
                : "'\(name)' has the same game id (\(name.lowercased())) as \(existing), already in Package.swift's games list."
        case .folderNotEmpty(let path):
            "\(path) already exists and is not empty; move it away or choose another name."
        case .notAFolder(let path):
            "\(path) exists and is not a folder; move it away or choose another name."
        case .folderDiffersInCase(let path, let name):
            "\(path) differs from \(name) only in case; rename or remove it first."
        case .manifestUnreadable(let path, let reason):
            "Cannot read \(path): \(reason)"
        case .gamesListNotFound:
            "Package.swift has no games list; it needs a line like: let games = [\"FourInARow\", \"Snap\"]"
        case .gamesListMalformed(let reason):
            "The games list in Package.swift cannot be read: \(reason)"
        case .listedNameInvalid(let name, let reason):
            "The games list in Package.swift has '\(name)', which is not a valid game name: \(reason)"
        case .gameFolderMissing(let name, let path):
            "\(name) is in the games list but \(path) does not exist; create the game with: swift package --allow-writing-to-package-directory new-game \(name) (after removing it from the list)"
        case .writeFailed(let path, let reason):
            "Could not write \(path) (\(reason)); nothing was changed."
        case .usage(let message):
            "\(message)\nRun with --help for usage."
        case .gameFolderUnlisted(let path):
            "\(path) is not in the games list in Package.swift, so it is neither built nor listed; add its name to the list and run new-game --sync, or remove the folder."
        case .catalogStale(let path):
            "\(path) is out of date; run: swift package --allow-writing-to-package-directory new-game --sync"
        }
    }
}
