/// What can go wrong with the opening book commands.
enum BookError: Error, CustomStringConvertible {
    /// A command-line argument is not what the command takes.
    case badArgument(String)
    /// A file cannot be read or written.
    case unreadable(String)
    /// A results file belongs to another book (another ply, enumeration or key encoding).
    case otherBook(String, expected: String)
    /// A line of a results file is not "INDEX SCORE MILLISECONDS".
    case badResult(String, line: String)
    /// The checked-in book does not fit this build's enumeration of positions.
    case noBook
    /// A results file lacks a position's score.
    case incomplete(String, missing: Int)

    var description: String {
        switch self {
        case .badArgument(let argument): "not a valid argument here: \"\(argument)\""
        case .noBook: "the checked-in opening book does not fit this build: regenerate it"
        case .unreadable(let path): "cannot read or write \(path)"
        case .otherBook(let path, let expected): "\(path) is not the results of this book; its first line should be \"\(expected)\""
        case .badResult(let path, let line): "\(path): not \"INDEX SCORE MILLISECONDS\": \"\(line)\""
        case .incomplete(let path, let missing): "\(path) has no score for position \(missing) yet: run book-generate until it is done"
        }
    }
}
