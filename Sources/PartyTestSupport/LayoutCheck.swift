import PartyKit

/// Checks that a game's presenter lays out cleanly at the terminal sizes people use: no text cut
/// inside a word, no two texts running into each other; returns what failed, empty when all holds.
///
/// It plays a few random games (candidate moves, time jumping to deadlines) and, every few steps,
/// draws every player's view and a spectator's on the game area of an 80×24, 60×15 and 40×10
/// terminal (the shell keeps a title row, a status row and a key row: 80×21, 60×12, 40×7). Each
/// word on such a screen must also appear whole on the same view drawn roomy (200×60), in the
/// line-mode description or in the key help — a word cut at an edge ("era" of "erases") or two
/// texts overlapping ("1/1000Bob") do not. A word ending in "…" was shortened on purpose and only
/// has to begin a word of the roomy screen; "…3 more" says a list was cut. Drawings (boxes, the board, the field) are skipped.
/// The key help must fit each width after `String.fittedHelp(toWidth:)` without a cut word either,
/// and the descriptor's how-to-play line must fit the lobby's one line.
public enum LayoutCheck {
    /// The terminal sizes checked, as (columns, rows) of the whole terminal.
    public static let terminalSizes = [(80, 24), (60, 15), (40, 10)]
    /// Rows of the terminal the shell keeps for itself (title, status, keys).
    public static let shellRows = 3
    /// The roomy size whose words count as whole.
    public static let roomy = (width: 200, height: 60)

    /// Runs the check for `game`, with `names` for the seats; `keys` are pressed on each player's
    /// presenter before drawing (a half-typed answer); `required` lists texts that must show in
    /// full for a view at a terminal size (a player's own score line).
    public static func check<Game: PartyGame>(
        _ game: Game.Type,
        configuration: Game.Rules.Configuration = .init(),
        playerCounts: [Int]? = nil,
        names: [String] = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank"],
        seeds: Range<UInt64> = 0..<3,
        steps: Int = 240,
        every: Int = 6,
        keys: [Key] = [],
        extraWords: Set<String> = [],
        required: (Game.Rules.View, PresenterContext, (width: Int, height: Int)) -> [String] = { _, _, _ in [] }
    ) -> [String] {
        let descriptor = Game.Rules.descriptor
        let counts = playerCounts ?? Array(Set([descriptor.minPlayers, min(descriptor.maxPlayers, 4)])).sorted()
        var failures: [String] = []
        let presenter = Game.Presenter()
        let howToPlay = descriptor.howToPlay
        if howToPlay.trimmingWhitespace().isEmpty || howToPlay.count > GameDescriptor.howToPlayWidth || howToPlay.contains("\n") {
            failures.append("the how-to-play line must be one line of 1 to \(GameDescriptor.howToPlayWidth) characters: \"\(howToPlay)\"")
        }
        if descriptor.rules.isEmpty || descriptor.rules.count > 5 {
            failures.append("the rules must be 1 to 5 lines, not \(descriptor.rules.count)")
        }
        for line in descriptor.rules where line.trimmingWhitespace().isEmpty || line.count > GameDescriptor.howToPlayWidth || line.contains("\n") {
            failures.append("a rules line must be 1 to \(GameDescriptor.howToPlayWidth) characters on one line: \"\(line)\"")
        }
        for (width, _) in terminalSizes {
            failures += helpProblems(presenter.keyHelp + " · q leave", width: width).map { "key help: \($0)" }
        }
        for count in counts {
            for seed in seeds {
                let seats = (0..<count).map { Seat(id: SeatID($0), name: names[$0 % names.count]) }
                let nameMap = Dictionary(uniqueKeysWithValues: seats.map { ($0.id, $0.name) })
                let setup = GameSetup(seats: seats, configuration: configuration, seed: seed, gameNumber: 0, now: .zero)
                var state = Game.Rules(setup: setup)
                var random = SeededRandom(seed: seed &+ 99)
                var now = GameInstant.zero
                for step in 0...steps {
                    if step % every == 0 || state.isOver {
                        let viewers = seats.map { Viewer.seat($0.id) } + [.spectator]
                        for viewer in viewers {
                            let context = PresenterContext(seat: viewer.seat, names: nameMap, color: true)
                            let view = state.view(for: viewer, at: now)
                            var presenter = Game.Presenter()
                            if viewer.seat != nil {
                                for key in keys { _ = presenter.handle(key, view: view, context: context) }
                            }
                            let label = "\(descriptor.id), \(count) players, seed \(seed), step \(step), \(viewer)"
                            failures += problems(presenter, view: view, context: context, extraWords: extraWords, required: required)
                                .map { "\(label): \($0)" }
                            if failures.count > 12 { return failures }
                        }
                    }
                    if state.isOver { break }
                    let roll = random.next() % 10
                    if let deadline = state.schedule.deadline, roll < 2 {
                        now = max(now, deadline)
                        state.advance(to: now)
                    } else if roll < 4 {
                        now = now.adding(milliseconds: Int64(random.next() % 1500))
                        state.advance(to: now)
                    } else {
                        let seat = seats[Int(random.next() % UInt64(seats.count))].id
                        if let move = state.candidateMoves(for: seat).randomElement(using: &random) {
                            try? state.apply(move, from: seat, at: now)
                        }
                    }
                }
            }
        }
        return failures
    }

    /// What is wrong with `view` drawn by `presenter` at each terminal size.
    public static func problems<Presenter: GamePresenter>(
        _ presenter: Presenter, view: Presenter.Rules.View, context: PresenterContext, extraWords: Set<String> = [],
        required: (Presenter.Rules.View, PresenterContext, (width: Int, height: Int)) -> [String] = { _, _, _ in [] }
    ) -> [String] {
        var roomyCanvas = Canvas(width: roomy.width, height: roomy.height)
        presenter.draw(view, context: context, on: &roomyCanvas)
        var vocabulary = extraWords
        for text in [roomyCanvas.text, presenter.describe(view, context: context), presenter.keyHelp] {
            for word in words(of: text) {
                vocabulary.insert(word)
                // The line-mode description lists things with commas: "Alice 3 [K♠], Bob 2 [--]".
                var bare = word
                while let last = bare.last, ",;".contains(last) { bare.removeLast() }
                vocabulary.insert(bare)
            }
        }
        var found: [String] = []
        for (width, height) in terminalSizes {
            var canvas = Canvas(width: width, height: height - shellRows)
            presenter.draw(view, context: context, on: &canvas)
            for row in 0..<canvas.height {
                let line = canvas.text(ofRow: row)
                for word in words(of: line) where !isWhole(word, in: vocabulary) {
                    found.append("at \(width)×\(height), \"\(word)\" is cut or overlaps, in row \(row): \(line.trimmedRight)")
                }
            }
            let screen = canvas.text
            for text in required(view, context, (width, height)) where !screen.contains(text) {
                found.append("at \(width)×\(height), \"\(text)\" is missing:\n\(screen)")
            }
        }
        return found
    }

    /// What is wrong with a key help line fitted to `width`.
    public static func helpProblems(_ help: String, width: Int) -> [String] {
        let fitted = help.fittedHelp(toWidth: width)
        var problems: [String] = []
        if fitted.count > width { problems.append("\"\(fitted)\" is wider than \(width) columns") }
        let vocabulary = Set(words(of: help))
        for word in words(of: fitted) where !isWhole(word, in: vocabulary) {
            problems.append("at \(width) columns, \"\(word)\" is cut in \"\(fitted)\"")
        }
        return problems
    }

    /// The space-separated words of `text`, without drawings.
    static func words(of text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { !isDrawing($0) }
    }

    /// Whether `word` is a whole word of `vocabulary`, a deliberate shortening ending in "…", or
    /// part of the marker a cut list ends with ("…3 more").
    static func isWhole(_ word: String, in vocabulary: Set<String>) -> Bool {
        if vocabulary.contains(word) || word == "more" { return true }
        if word.first == "…", word.count > 1, word.dropFirst().allSatisfy(\.isNumber) { return true }
        guard word.hasSuffix("…") else { return false }
        let stem = word.dropLast()
        return stem.isEmpty || vocabulary.contains { $0.hasPrefix(stem) }
    }

    /// Lines, boxes, board cells and field cells: not words.
    static func isDrawing(_ word: String) -> Bool {
        let boxes: Set<Character> = ["─", "│", "┌", "┐", "└", "┘", "▏", "█", "▀", "▄", "▌", "▐"]
        let cells: Set<Character> = ["·", ".", "●", "▼", "o", "x", "@", "#", "+", "X", "O"]
        return word.contains(where: boxes.contains) || word.allSatisfy(cells.contains)
    }
}

extension String {
    /// The text without trailing spaces.
    var trimmedRight: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
