extension String {
    /// This text in at most `width` columns, never cut inside a word: whole words while they fit,
    /// then "…"; a first word too long for the line is cut with "…" (a name in a narrow column).
    public func fitted(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard Self.columns(self) > width else { return self }
        guard width > 1 else { return "…" }
        var kept = ""
        for word in split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = kept.isEmpty ? String(word) : kept + " " + word
            guard Self.columns(candidate) + 1 <= width else { break }
            kept = candidate
        }
        while kept.last == " " || kept.last == "·" || kept.last == "," || kept.last == ":" || kept.last == "—" || kept.last == "│" {
            kept.removeLast()
        }
        if kept.isEmpty { kept = String(DisplayWidth.prefix(self, columns: width - 1)) }
        return kept + "…"
    }

    /// A help line of items separated by " · " in at most `width` columns: whole items, the last
    /// one (such as "q leave") always kept, the others dropped from the end until the line fits.
    public func fittedHelp(toWidth width: Int) -> String {
        guard Self.columns(self) > width else { return self }
        var items = Self.items(of: self)
        guard items.count > 1, let last = items.popLast() else { return fitted(toWidth: width) }
        while !items.isEmpty {
            let line = (items + [last]).joined(separator: " · ")
            if Self.columns(line) <= width { return line }
            items.removeLast()
        }
        return last.fitted(toWidth: width)
    }

    /// As many whole `items` from the start as fit in `width` columns, joined by `separator`; the
    /// first item alone is fitted (shortened with "…") when even it does not fit.
    public static func joined(_ items: [String], separator: String, fittingWidth width: Int) -> String {
        var line = ""
        for item in items {
            let candidate = line.isEmpty ? item : line + separator + item
            guard columns(candidate) <= width else { break }
            line = candidate
        }
        return line.isEmpty ? (items.first ?? "").fitted(toWidth: width) : line
    }

    /// The parts of `text` between " · " separators.
    static func items(of text: String) -> [String] {
        var items: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: " · ") {
            items.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return items + [String(rest)]
    }

    /// The columns `text` takes on a canvas (`DisplayWidth`: two for wide characters, none for
    /// combining marks), as `Canvas.put` places them.
    static func columns(_ text: String) -> Int { DisplayWidth.of(text) }
}
