// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/serve.css`.
    static let serveCSS = #"""
/* The party server's front page: two cards, join first. */
body.serve main { display: grid; gap: 1.5rem; max-width: 32rem; margin: 0 auto; padding: 1rem; }
body.serve form { display: grid; gap: 0.6rem; }
body.serve fieldset { display: grid; gap: 0.3rem; border: 1px solid currentColor; border-radius: 0.5rem; }
body.serve #code-input { font-size: 2rem; letter-spacing: 0.3em; text-transform: uppercase; text-align: center; }
body.serve .problem { color: #c0392b; min-height: 1.2em; }
body.serve label:has(input[type=checkbox]) { display: flex; align-items: center; gap: 0.6rem; }
body.serve input[type=checkbox] { width: auto; margin: 0; }

"""#
}
