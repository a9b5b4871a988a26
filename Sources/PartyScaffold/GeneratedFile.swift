/// A file the scaffold writes: a path relative to the package directory and its text.
public struct GeneratedFile: Hashable, Sendable {
    /// The path relative to the package directory, with `/` separators.
    public var path: String
    /// The whole text of the file.
    public var contents: String

    /// Creates a file description.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
