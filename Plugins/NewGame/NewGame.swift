import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-game <Name>`: runs `party-scaffold` on
/// this package. All the logic (checks, templates, the games list, the catalog) is in PartyScaffold.
@main
struct NewGame: CommandPlugin {
    /// Runs the tool with the package directory and the user's arguments; fails with the tool's
    /// own message when it fails.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "party-scaffold")
        let process = Process()
        let errors = Pipe()
        process.executableURL = tool.url
        process.arguments = ["--package-directory", context.package.directoryURL.path] + arguments
        process.standardError = errors
        try process.run()
        // The tool writes at most a few lines of errors, so reading after it exits cannot block it.
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw NewGameFailure(message: message, status: process.terminationStatus)
        }
    }
}

/// The tool failed; its message says why (and that nothing changed).
struct NewGameFailure: Error, CustomStringConvertible {
    /// What the tool wrote on standard error.
    let message: String
    /// The tool's exit status.
    let status: Int32

    /// The tool's message without its own `error: ` prefix, since SwiftPM adds one.
    var description: String {
        var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("error: ") { text.removeFirst("error: ".count) }
        return text.isEmpty ? "party-scaffold failed with status \(status)." : text
    }
}
