import Foundation

/// Writes lines for people straight to standard output: unbuffered (scripts see them at once) and
/// without the stdio lock that a thread waiting for input holds.
public enum Console {
    /// Writes `line` and a newline.
    public static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes `prompt` (no newline) and returns the next line typed, or nil at the end of input.
    /// It reads through the process's one reader of standard input (`StandardInputLines`), so a
    /// line is never split between this and a session list or game that read before.
    public static func ask(_ prompt: String) async -> String? {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        for await line in StandardInputLines.stream() { return line }
        return nil
    }
}
