import Foundation
import PartyScaffold

// The tool behind the `new-game` command plugin; all of its logic is in PartyScaffold.
do {
    let command = try ScaffoldCommand.parse(Array(CommandLine.arguments.dropFirst()))
    print(try command.run())
} catch {
    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    exit(1)
}
