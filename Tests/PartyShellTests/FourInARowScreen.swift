/// Reads a Four in a Row board off a captured screen: the full-screen layout (a boxed board) or
/// line mode's describe line (`......./.../...XO...`).
struct FourInARowScreen: Equatable {
    /// The rows top first, each seven characters: `.` empty, anything else a disc as drawn.
    var rows: [[Character]]
    /// The column (0-based, in characters) of the box's left border on the screen.
    var left: Int
    /// The screen line of the box's top border.
    var top: Int

    /// Finds the boxed board on `screen`; nil when there is none.
    init?(tui screen: String) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = lines.firstIndex(where: { $0.contains("┌") }), top + 7 < lines.count,
              let left = lines[top].firstIndex(of: "┌") else { return nil }
        var rows: [[Character]] = []
        for line in lines[(top + 1)...(top + 6)] {
            guard line.count > left + 21, line[left] == "│" else { return nil }
            rows.append((1...7).map { column in
                let character = line[left + 3 * (column - 1) + 2]
                return character == "·" || character == "." || character == " " ? "." : character
            })
        }
        self.rows = rows
        self.left = left
        self.top = top
    }

    /// Reads the board out of a line-mode describe line (`XO...../.../...... | moves 3 | …`).
    init?(describe line: String) {
        guard let board = line.split(separator: " ").first else { return nil }
        let rows = board.split(separator: "/").map(Array.init)
        guard rows.count == 6, rows.allSatisfy({ $0.count == 7 }) else { return nil }
        self.rows = rows
        left = 0
        top = 0
    }

    /// The number of discs on the board.
    var discs: Int { rows.reduce(0) { $0 + $1.filter { $0 != "." }.count } }

    /// The discs in `column` (1–7), bottom first.
    func column(_ column: Int) -> [Character] {
        rows.reversed().map { $0[column - 1] }.filter { $0 != "." }
    }

    /// The first column (1–7) with room for another disc.
    var firstOpenColumn: Int? {
        (1...7).first { rows[0][$0 - 1] == "." }
    }
}
