import PartyGames
import PartyWeb

/// The files the host serves: the page's, and `/games.json` with how to play every game of the
/// catalog (each descriptor's `rules`), so the page shows the words written in the game module.
enum WebGames {
    static var assets: WebAssets {
        WebAssets.builtIn.adding(games: GameCatalog.all.map {
            WebGameGuide(id: $0.descriptor.id, title: $0.descriptor.title, rules: $0.descriptor.rules)
        })
    }
}
