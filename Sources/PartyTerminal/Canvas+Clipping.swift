import PartyKit

extension Canvas {
    /// This canvas cut down to at most `size` (unchanged when it already fits).
    public func clipped(to size: TerminalSize) -> Canvas {
        guard width > size.width || height > size.height else { return self }
        var clipped = Canvas(width: min(width, size.width), height: min(height, size.height))
        for y in 0..<clipped.height {
            for x in 0..<clipped.width {
                clipped[x, y] = self[x, y]
            }
        }
        return clipped
    }
}
