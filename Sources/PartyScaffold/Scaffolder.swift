import Foundation

/// Creates games in a package directory and keeps the generated catalog in step with `Package.swift`.
///
/// Every operation checks everything first and writes only when all checks passed; if a write
/// fails half-way, what was written is removed and `Package.swift` is restored.
public struct Scaffolder: Sendable {
    /// The package's root directory (where `Package.swift` is).
    public let packageDirectory: URL

    /// Creates a scaffolder for the package in `packageDirectory`.
    public init(packageDirectory: URL) {
        self.packageDirectory = packageDirectory
    }

    /// The manifest path relative to the package directory.
    public static let manifestPath = "Package.swift"

    /// The `games` list as `Package.swift` has it now.
    public func gamesList() throws(ScaffoldError) -> GamesList {
        let url = packageDirectory.appendingPathComponent(Self.manifestPath)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .manifestUnreadable(path: url.path, reason: Self.reason(error))
        }
        return try GamesList(manifest: text)
    }

    /// Everything `newGame` would write for `text` (with game id `id`, by default the name in lower
    /// case), after every check; writes nothing.
    public func plan(newGame text: String, id: String? = nil) throws(ScaffoldError) -> [GeneratedFile] {
        let list = try gamesList()
        if let existing = list.registered(like: text) { throw .alreadyRegistered(name: text, existing: existing) }
        let taken = list.declaredTargetNames + list.names + list.names.map { $0 + "Tests" }
        let name = try GameName(validating: text, taken: taken, id: id)
        if let owner = list.names.first(where: { $0.lowercased() == name.id }) { throw .idTaken(id: name.id, game: owner) }
        for folder in ["Games/\(name.rawValue)", "Tests/\(name.testTarget)"] {
            try checkFolderIsFree(folder)
        }
        try checkNoFolderDiffersInCase(under: "Games", from: name.rawValue)
        try checkNoFolderDiffersInCase(under: "Tests", from: name.testTarget)
        let manifest = list.adding(name.rawValue)
        let updated = try GamesList(manifest: manifest)
        let files = GameTemplate.files(for: name)
        var presenters = try webPresenters()
        for file in files where file.path.hasPrefix("Games/\(name.rawValue)/Web/") && file.path.hasSuffix(".js") {
            presenters[String(file.path.split(separator: "/").last!.dropLast(3))] = file.contents
        }
        return files + [
            GeneratedFile(path: Self.manifestPath, contents: manifest),
            GeneratedFile(path: CatalogFile.path, contents: CatalogFile.contents(games: updated.names)),
        ] + WebPageFile.files(web: try webFiles(), presenters: presenters).filter { read($0.path) != $0.contents }
    }

    /// Creates the game `text` (with game id `id`, by default the name in lower case) and
    /// registers it; returns the paths written.
    @discardableResult
    public func newGame(_ text: String, id: String? = nil) throws(ScaffoldError) -> [String] {
        let files = try plan(newGame: text, id: id)
        try write(files)
        // Generated web files of older builds (or games gone) would no longer compile beside the new ones.
        let removed = try webPageChanges().remove
        for path in removed { try? FileManager.default.removeItem(at: packageDirectory.appendingPathComponent(path)) }
        return files.map(\.path)
    }

    /// The catalog file as the `games` list asks for it, after checking that every listed game
    /// has a valid name and a folder under `Games/`.
    public func expectedCatalog() throws(ScaffoldError) -> GeneratedFile {
        let list = try gamesList()
        for name in list.names {
            do {
                _ = try GameName(validating: name)
            } catch {
                throw .listedNameInvalid(name: name, reason: error.description)
            }
            let folder = "Games/\(name)"
            guard isDirectory(folder) else { throw .gameFolderMissing(name: name, path: folder) }
        }
        return GeneratedFile(path: CatalogFile.path, contents: CatalogFile.contents(games: list.names))
    }

    /// Whether the checked-in catalog is what the `games` list asks for.
    public func catalogIsCurrent() throws(ScaffoldError) -> Bool {
        let expected = try expectedCatalog()
        return read(expected.path) == expected.contents
    }

    /// Writes the catalog from the `games` list and the web page from Web/ and the games' Web/
    /// folders, and removes generated web files nothing asks for any more; returns whether a file
    /// changed.
    @discardableResult
    public func sync() throws(ScaffoldError) -> Bool {
        let web = try webPageChanges()
        let stale = [try expectedCatalog()].filter { read($0.path) != $0.contents } + web.write
        guard !stale.isEmpty || !web.remove.isEmpty else { return false }
        try write(stale)
        for path in web.remove {
            do {
                try FileManager.default.removeItem(at: packageDirectory.appendingPathComponent(path))
            } catch {
                throw .writeFailed(path: path, reason: Self.reason(error))
            }
        }
        return true
    }

    /// The generated web page files as Web/ and the games' Web/ folders ask for them.
    public func expectedWebPage() throws(ScaffoldError) -> [GeneratedFile] {
        WebPageFile.files(web: try webFiles(), presenters: try webPresenters())
    }

    /// What `sync` does to the generated web page: the files missing or changed, and the files in
    /// `Sources/PartyWeb/Generated/` it no longer writes (and the one file of older builds); both
    /// empty when the checked-in files are current.
    public func webPageChanges() throws(ScaffoldError) -> (write: [GeneratedFile], remove: [String]) {
        let expected = try expectedWebPage()
        let paths = Set(expected.map(\.path))
        let folder = packageDirectory.appendingPathComponent(WebPageFile.directory)
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).map { "\(WebPageFile.directory)/\($0)" }
        var remove = present.filter { !paths.contains($0) }.sorted()
        if read(WebPageFile.legacyPath)?.hasPrefix("// Generated from Web/") == true { remove.append(WebPageFile.legacyPath) }
        return (expected.filter { read($0.path) != $0.contents }, remove)
    }

    /// The files in Web/ (name → text).
    func webFiles() throws(ScaffoldError) -> [String: String] {
        try texts(in: "Web")
    }

    /// Every game's web presenter: Games/<Name>/Web/<id>.js (id → text).
    func webPresenters() throws(ScaffoldError) -> [String: String] {
        var presenters: [String: String] = [:]
        let games = packageDirectory.appendingPathComponent("Games")
        for game in ((try? FileManager.default.contentsOfDirectory(atPath: games.path)) ?? []).sorted() where !game.hasPrefix(".") {
            for (name, text) in try texts(in: "Games/\(game)/Web") where name.hasSuffix(".js") {
                presenters[String(name.dropLast(3))] = text
            }
        }
        return presenters
    }

    /// The text files directly in `folder` (name → text); none when the folder is missing.
    func texts(in folder: String) throws(ScaffoldError) -> [String: String] {
        let url = packageDirectory.appendingPathComponent(folder)
        var result: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where !name.hasPrefix(".") {
            guard let text = read("\(folder)/\(name)") else { continue }
            result[name] = text
        }
        return result
    }

    /// Folders under `Games/` whose names are not in the `games` list (a game nobody registered).
    public func unlistedGameFolders() throws(ScaffoldError) -> [String] {
        let names = Set(try gamesList().names)
        let url = packageDirectory.appendingPathComponent("Games")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return entries.filter { !$0.hasPrefix(".") && isDirectory("Games/\($0)") && !names.contains($0) }.sorted()
    }
}

extension Scaffolder {
    /// Throws unless `path` is absent or an empty folder.
    func checkFolderIsFree(_ path: String) throws(ScaffoldError) {
        let url = packageDirectory.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw .notAFolder(path: path) }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? ["?"]
        guard entries.isEmpty else { throw .folderNotEmpty(path: path) }
    }

    /// Throws if a folder under `parent` has `name`'s spelling in another case.
    func checkNoFolderDiffersInCase(under parent: String, from name: String) throws(ScaffoldError) {
        let url = packageDirectory.appendingPathComponent(parent)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if let clash = entries.first(where: { $0 != name && $0.lowercased() == name.lowercased() }) {
            throw .folderDiffersInCase(path: "\(parent)/\(clash)", name: name)
        }
    }

    /// Whether `path` (relative to the package) is a folder.
    func isDirectory(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: packageDirectory.appendingPathComponent(path).path, isDirectory: &isFolder)
        return exists && isFolder.boolValue
    }

    /// The text of `path` (relative to the package), or nil when it cannot be read.
    func read(_ path: String) -> String? {
        try? String(contentsOf: packageDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Writes `files`, creating folders as needed; on any failure removes what it created and
    /// restores the files it replaced, then throws.
    func write(_ files: [GeneratedFile]) throws(ScaffoldError) {
        let manager = FileManager.default
        var createdFolders: [URL] = []
        var replaced: [(URL, Data?)] = []
        func undo() {
            for (url, old) in replaced.reversed() {
                if let old { try? old.write(to: url) } else { try? manager.removeItem(at: url) }
            }
            for folder in createdFolders.reversed() { try? manager.removeItem(at: folder) }
        }
        for file in files {
            let url = packageDirectory.appendingPathComponent(file.path)
            do {
                var missing: [URL] = []
                var folder = url.deletingLastPathComponent()
                while !manager.fileExists(atPath: folder.path) {
                    missing.append(folder)
                    folder = folder.deletingLastPathComponent()
                }
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                createdFolders += missing.reversed()
                let old = manager.contents(atPath: url.path)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
                replaced.append((url, old))
            } catch {
                undo()
                throw .writeFailed(path: file.path, reason: Self.reason(error))
            }
        }
    }

    /// A short reason for a Foundation error.
    static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
