import PartyKit

/// The 7 × 6 board as two bitboards, one per side, in the classic 7-bits-per-column layout.
///
/// Bit `7 * c + r` is column `c` (0-based from the left), row `r` (0-based from the bottom). Rows 0–5
/// hold discs; bit 6 of every column stays empty, so shifted lines never wrap from one column into
/// the next. Side 0 is the player in the first seat (red), side 1 the second (yellow).
public struct FourInARowBoard: Hashable, Sendable {
    /// Columns on the board.
    public static let columns = 7
    /// Rows on the board.
    public static let rows = 6

    /// Side 0's discs.
    public private(set) var first: UInt64
    /// Side 1's discs.
    public private(set) var second: UInt64

    /// An empty board.
    public init() {
        first = 0
        second = 0
    }

    /// A board from the two sides' bitboards; nil unless they are a position reachable by dropping
    /// discs (no overlap, only board cells, no disc floating above an empty cell).
    public init?(first: UInt64, second: UInt64) {
        let mask = first | second
        guard first & second == 0, mask & ~Self.boardMask == 0 else { return nil }
        for column in 0..<Self.columns {
            let bits = (mask >> UInt64(7 * column)) & 0x3F
            guard bits & (bits + 1) == 0 else { return nil }  // only a run of low bits: no gaps
        }
        self.first = first
        self.second = second
    }

    /// A board from a picture, top row first: six rows of seven characters, `.` for an empty cell,
    /// `X` or `0` for side 0 and `O` or `1` for side 1. Nil for anything else or a floating disc.
    public init?(picture: [String]) {
        guard picture.count == Self.rows else { return nil }
        var first: UInt64 = 0
        var second: UInt64 = 0
        for (index, line) in picture.enumerated() {
            let characters = Array(line)
            guard characters.count == Self.columns else { return nil }
            let row = Self.rows - 1 - index
            for (column, character) in characters.enumerated() {
                let bit = Self.bit(column: column, row: row)
                switch character {
                case ".": break
                case "X", "0": first |= bit
                case "O", "1": second |= bit
                default: return nil
                }
            }
        }
        self.init(first: first, second: second)
    }

    /// The discs of `side` (0 or 1).
    public func discs(of side: Int) -> UInt64 {
        side == 0 ? first : second
    }

    /// Every occupied cell.
    public var occupied: UInt64 { first | second }

    /// How many discs have been dropped.
    public var discCount: Int { occupied.nonzeroBitCount }

    /// Whether all 42 cells are taken.
    public var isFull: Bool { occupied == Self.boardMask }

    /// How many discs column `column` (0-based) holds.
    public func height(ofColumn column: Int) -> Int {
        guard (0..<Self.columns).contains(column) else { return 0 }
        return (occupied & Self.columnMask(column)).nonzeroBitCount
    }

    /// Whether a disc can still be dropped into column `column` (0-based).
    public func canDrop(inColumn column: Int) -> Bool {
        guard (0..<Self.columns).contains(column) else { return false }
        return occupied & Self.bit(column: column, row: Self.rows - 1) == 0
    }

    /// The side whose disc is in column `column`, row `row` (both 0-based, row 0 at the bottom).
    public func side(atColumn column: Int, row: Int) -> Int? {
        guard (0..<Self.columns).contains(column), (0..<Self.rows).contains(row) else { return nil }
        let bit = Self.bit(column: column, row: row)
        if first & bit != 0 { return 0 }
        if second & bit != 0 { return 1 }
        return nil
    }

    /// Drops a disc of `side` into column `column` (0-based) and returns the cell it lands in, or nil
    /// (changing nothing) when the column is full or off the board.
    @discardableResult
    public mutating func drop(side: Int, inColumn column: Int) -> FourInARowCell? {
        guard canDrop(inColumn: column) else { return nil }
        let row = height(ofColumn: column)
        let bit = Self.bit(column: column, row: row)
        if side == 0 { first |= bit } else { second |= bit }
        return FourInARowCell(column: column + 1, row: row + 1)
    }

    /// The first four-in-a-row of `side` (horizontal, then vertical, then the two diagonals), as four
    /// cells in order along the line; nil when there is none.
    public func fourInARow(for side: Int) -> [FourInARowCell]? {
        let discs = discs(of: side)
        for step in Self.directions {
            let lines = discs & (discs >> step) & (discs >> (2 * step)) & (discs >> (3 * step))
            guard lines != 0 else { continue }
            let start = lines.trailingZeroBitCount
            return (0..<4).map { Self.cell(bitIndex: start + $0 * Int(step)) }
        }
        return nil
    }

    /// Each row as text, top row first: `.` empty, `0` and `1` the sides.
    ///
    /// Built byte by byte from the bitboards (each row is a small string, stored inline), since
    /// every view of every move carries it: one array allocation in all.
    public var rowStrings: [String] {
        var rows: [String] = []
        rows.reserveCapacity(Self.rows)
        for row in (0..<Self.rows).reversed() {
            rows.append(String(unsafeUninitializedCapacity: Self.columns) { bytes in
                for column in 0..<Self.columns {
                    let bit = Self.bit(column: column, row: row)
                    bytes[column] = first & bit != 0 ? UInt8(ascii: "0") : second & bit != 0 ? UInt8(ascii: "1") : UInt8(ascii: ".")
                }
                return Self.columns
            })
        }
        return rows
    }
}

extension FourInARowBoard {
    /// The shifts from one cell of a line to the next: horizontal, vertical, diagonal ↗, diagonal ↘.
    static let directions: [UInt64] = [7, 1, 8, 6]

    /// All 42 board cells.
    static let boardMask: UInt64 = (0..<columns).reduce(0) { $0 | columnMask($1) }

    /// The six cells of column `column` (0-based).
    static func columnMask(_ column: Int) -> UInt64 {
        UInt64(0x3F) << UInt64(7 * column)
    }

    /// The bit of column `column`, row `row` (both 0-based).
    static func bit(column: Int, row: Int) -> UInt64 {
        UInt64(1) << UInt64(7 * column + row)
    }

    /// The cell, as people count it, of a bit index.
    static func cell(bitIndex: Int) -> FourInARowCell {
        FourInARowCell(column: bitIndex / 7 + 1, row: bitIndex % 7 + 1)
    }

    /// Whether `discs` holds four in a row in any direction.
    static func hasFour(_ discs: UInt64) -> Bool {
        for step in directions {
            let pairs = discs & (discs >> step)
            if pairs & (pairs >> (2 * step)) != 0 { return true }
        }
        return false
    }
}
