import PartyKit

/// The status line for a printable key that neither the game nor the shell uses: it says so and
/// names the game's keys, so that a player who guessed (`p` for Paper) learns what to press.
enum UnusedKey {
    /// The line for `key`, or nil when it needs none: only a printable character other than space
    /// gets one (an arrow at the board's edge and the like stay quiet).
    static func message(for key: Key, keyHelp: String) -> String? {
        guard case .character(let character) = key, !character.isWhitespace,
              character.unicodeScalars.allSatisfy({ ![.control, .format, .surrogate, .privateUse, .unassigned].contains($0.properties.generalCategory) })
        else { return nil }
        return "“\(character)” does nothing here: \(keyHelp)."
    }
}
