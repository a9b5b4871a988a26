import Foundation
import PartyScaffold

// The tool behind the `new-game` command plugin; all of its logic is in PartyScaffold.
do {
    let command = try ScaffoldCommand.parse(Array(CommandLine.arguments.dropFirst()))
    print(try command.run())
} catch {
    // Thrown, not trapped, when standard error is closed (FileHandle.write(_: Data) traps).
    try? FileHandle.standardError.write(contentsOf: Data("error: \(error.description)\n".utf8))
    exit(1)
}
