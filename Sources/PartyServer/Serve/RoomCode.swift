/// A party server's room codes: four capital letters from an alphabet without the letters people
/// misread or mistype (no I or O beside 1 and 0, no B/8, G/6, S/5, Z/2, no Q beside O, no U beside V).
public enum RoomCode {
    /// The letters codes are made of (18 of them: 104,976 codes).
    public static let alphabet: [Character] = Array("ACDEFHJKLMNPRTVWXY")
    /// A code's length.
    public static let length = 4

    /// A random code (`random` decides; the server passes the system's generator).
    public static func random(using random: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }

    /// `text` as a code (upper case, surrounding spaces removed), or nil when it cannot be one:
    /// four letters A–Z. Letters outside the alphabet are a well-formed code no room has.
    public static func normalized(_ text: some StringProtocol) -> String? {
        let trimmed = String(text.filter { $0 != " " }).uppercased()
        guard trimmed.count == length, trimmed.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return trimmed
    }
}

