import PartyTerminal

/// Writes lines for people straight to standard output: unbuffered (scripts see them at once) and
/// without the stdio lock that a thread waiting for input holds. When standard output's reader has
/// gone (`partyclient … | head -1`), the process ends quietly as SIGPIPE would (`StandardStreams`).
public enum Console {
    /// Writes `line` and a newline.
    public static func say(_ line: String) {
        StandardStreams.writeOutput(line + "\n")
    }

    /// Writes `prompt` (no newline) and returns the next line typed, or nil at the end of input.
    /// It reads through the process's one reader of standard input (`StandardInputLines`), so a
    /// line is never split between this and a session list or game that read before.
    public static func ask(_ prompt: String) async -> String? {
        StandardStreams.writeOutput(prompt)
        for await line in StandardInputLines.stream() { return line }
        return nil
    }
}
