import Foundation

/// The files `new-game` writes for a new game: a small, complete, legal game to edit.
///
/// The texts live in `GameTemplate+Rules.swift`, `GameTemplate+Client.swift` and
/// `GameTemplate+Tests.swift`, with `__NAME__` for the module name, `__ID__` for the game id and
/// `__TITLE__` for the title people read.
public enum GameTemplate {
    /// The files of a new game `name`, with paths relative to the package directory, in the order
    /// they are written.
    public static func files(for name: GameName) -> [GeneratedFile] {
        let game = "Games/\(name.rawValue)/"
        let tests = "Tests/\(name.testTarget)/"
        let templates: [(path: String, text: String)] = [
            (game + "__NAME__.swift", rules),
            (game + "__NAME__+View.swift", rulesView),
            (game + "__NAME__+PlainText.swift", rulesPlainText),
            (game + "__NAME__Configuration.swift", configuration),
            (game + "__NAME__Move.swift", move),
            (game + "__NAME__Rejection.swift", rejection),
            (game + "__NAME__View.swift", view),
            (game + "__NAME__Bot.swift", bot),
            (game + "__NAME__Presenter.swift", presenter),
            (game + "__NAME__Presenter+Drawing.swift", presenterDrawing),
            (game + "__NAME__Game.swift", self.game),
            (game + "Web/__ID__.js", webPresenter),
            (game + "Web/__ID__-tv.js", tvPresenter),
            (tests + "__NAME__RulesTests.swift", rulesTests),
            (tests + "__NAME__PlayTests.swift", playTests),
        ]
        return templates.map { template in
            GeneratedFile(path: fill(template.path, for: name), contents: fill(template.text, for: name) + "\n")
        }
    }

    /// The names of the types the template declares at the top level of the game's and the tests'
    /// modules, each starting with the game's name: they must not clash with anything they use.
    public static let declaredSuffixes = [
        "", "Configuration", "Move", "Rejection", "View", "Bot", "Presenter", "Game", "RulesTests", "PlayTests",
    ]

    /// `text` with the placeholders replaced by `name`'s module name, id and title.
    static func fill(_ text: String, for name: GameName) -> String {
        text.replacingOccurrences(of: "__NAME__", with: name.rawValue)
            .replacingOccurrences(of: "__ID__", with: name.id)
            .replacingOccurrences(of: "__TITLE__", with: name.title)
    }
}
