// Placeholder until the book is generated.

extension FourInARowOpeningBook {
    static let generatedRoot = ""
    static let generatedPlies = 0
    static let generatedCount = 1
    static let generatedFingerprint: UInt64 = 0
    static let generatedScores = "A"
}
