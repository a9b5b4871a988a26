import Foundation

/// Runs a piece of the page's JavaScript in node (Debian's `/usr/bin/node`), for tests that hold
/// `Web/*.js` to the Swift code that does the same job.
enum NodeScript {
    /// Whether node is there (the tests that need it are skipped without it).
    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/node") }

    /// Runs node with `arguments` and returns what it printed (standard output and error).
    static func run(_ arguments: [String]) throws -> String {
        try BrowserTools.run(["/usr/bin/node"] + arguments).1
    }
}
