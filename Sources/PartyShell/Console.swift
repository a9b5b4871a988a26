import Foundation

/// Writes lines for people straight to standard output: unbuffered (scripts see them at once) and
/// without the stdio lock that a thread waiting for input holds.
public enum Console {
    /// Writes `line` and a newline.
    public static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
