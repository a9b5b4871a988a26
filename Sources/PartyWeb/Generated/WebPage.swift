// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

/// The browser client's files, built into the binary: (served path, content type, text); each
/// text is in a file of its own beside this one.
enum WebPage {
    static let files: [(path: String, contentType: String, text: String)] = [
        ("/announce.js", "text/javascript; charset=utf-8", announceJS),
        ("/app.js", "text/javascript; charset=utf-8", appJS),
        ("/connection.js", "text/javascript; charset=utf-8", connectionJS),
        ("/dom.js", "text/javascript; charset=utf-8", domJS),
        ("/favicon.svg", "image/svg+xml", faviconSVG),
        ("/fleet.js", "text/javascript; charset=utf-8", fleetJS),
        ("/game.js", "text/javascript; charset=utf-8", gameJS),
        ("/games/fourinarow-tv.js", "text/javascript; charset=utf-8", gamesFourinarowTvJS),
        ("/games/fourinarow.js", "text/javascript; charset=utf-8", gamesFourinarowJS),
        ("/games/rps-tv.js", "text/javascript; charset=utf-8", gamesRpsTvJS),
        ("/games/rps.js", "text/javascript; charset=utf-8", gamesRpsJS),
        ("/games/snap-tv.js", "text/javascript; charset=utf-8", gamesSnapTvJS),
        ("/games/snap.js", "text/javascript; charset=utf-8", gamesSnapJS),
        ("/games/suntouch-tv.js", "text/javascript; charset=utf-8", gamesSuntouchTvJS),
        ("/games/suntouch.js", "text/javascript; charset=utf-8", gamesSuntouchJS),
        ("/games/twentyfour-tv.js", "text/javascript; charset=utf-8", gamesTwentyfourTvJS),
        ("/games/twentyfour.js", "text/javascript; charset=utf-8", gamesTwentyfourJS),
        ("/generic.js", "text/javascript; charset=utf-8", genericJS),
        ("/howto.js", "text/javascript; charset=utf-8", howtoJS),
        ("/index.html", "text/html; charset=utf-8", indexHTML),
        ("/invite.js", "text/javascript; charset=utf-8", inviteJS),
        ("/lobby.js", "text/javascript; charset=utf-8", lobbyJS),
        ("/predict.css", "text/css; charset=utf-8", predictCSS),
        ("/predict.js", "text/javascript; charset=utf-8", predictJS),
        ("/presenters.js", "text/javascript; charset=utf-8", presentersJS),
        ("/room.js", "text/javascript; charset=utf-8", roomJS),
        ("/serve.css", "text/css; charset=utf-8", serveCSS),
        ("/serve.html", "text/html; charset=utf-8", serveHTML),
        ("/serve.js", "text/javascript; charset=utf-8", serveJS),
        ("/sound.js", "text/javascript; charset=utf-8", soundJS),
        ("/style.css", "text/css; charset=utf-8", styleCSS),
        ("/tv.css", "text/css; charset=utf-8", tvCSS),
        ("/tv.html", "text/html; charset=utf-8", tvHTML),
        ("/tv.js", "text/javascript; charset=utf-8", tvJS),
    ]

    /// Paths that serve the same text as another (alias → path in `files`).
    static let aliases: [String: String] = [
        "/": "/index.html",
        "/tv": "/tv.html",
    ]
}
