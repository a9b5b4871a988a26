/// Why the scaffold refused to act; nothing in the package has changed when one is thrown.
public enum ScaffoldError: Error, Hashable, Sendable {
    /// No name was given.
    case nameEmpty
    /// The name is longer than allowed.
    case nameTooLong(name: String, length: Int, maximum: Int)
    /// The name is a single character.
    case nameTooShort(name: String, minimum: Int)
    /// The name is not an UpperCamelCase ASCII identifier.
    case nameNotUpperCamelCase(name: String)
    /// The name is a Swift keyword.
    case nameIsKeyword(name: String)
    /// The name is that of a toolchain, dependency or project module.
    case nameIsModule(name: String, module: String)
    /// The name starts like a family of dependency modules.
    case nameHasReservedPrefix(name: String, prefix: String)
    /// The name (or `<Name>Tests`) is already a target or product of the package.
    case nameTaken(name: String, target: String)
    /// One of the generated types would hide a type the generated code uses.
    case nameClashesWithType(name: String, type: String, owner: String)
    /// The chosen game id is not lower-case ASCII letters and digits.
    case idInvalid(id: String)
    /// The chosen game id is that of a listed game.
    case idTaken(id: String, game: String)
    /// A game with this name (or the same id) is already in the `games` list.
    case alreadyRegistered(name: String, existing: String)
    /// A folder the scaffold would create already has files in it.
    case folderNotEmpty(path: String)
    /// A path the scaffold would create a folder at is a file.
    case notAFolder(path: String)
    /// A folder under `Games/` differs from the new name only in case.
    case folderDiffersInCase(path: String, name: String)
    /// `Package.swift` could not be read.
    case manifestUnreadable(path: String, reason: String)
    /// `Package.swift` has no `let games = [...]` list.
    case gamesListNotFound
    /// The `games` list holds something other than string literals.
    case gamesListMalformed(reason: String)
    /// A name in the `games` list is not a valid game name.
    case listedNameInvalid(name: String, reason: String)
    /// A game in the `games` list has no module folder.
    case gameFolderMissing(name: String, path: String)
    /// Writing failed; everything written before was removed again.
    case writeFailed(path: String, reason: String)
    /// The command line could not be understood.
    case usage(String)
    /// A folder under `Games/` is not in the `games` list.
    case gameFolderUnlisted(path: String)
    /// `--check` found the generated catalog out of date.
    case catalogStale(path: String)
}
