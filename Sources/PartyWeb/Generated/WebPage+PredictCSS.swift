// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/predict.css`.
    static let predictCSS = #"""
/* The audience's predictions (predict.js): the live split as bars (the TV's sizes are in tv.css). */
.predict { margin: 0.75rem 0; padding: 0.6rem 0.8rem; border: 1px solid rgba(127, 127, 127, 0.4); border-radius: 0.6rem; }
.predict-title { font-weight: 600; margin: 0 0 0.4rem; }
.predict-split { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
.predict-row { display: grid; grid-template-columns: minmax(5rem, 40%) 1fr 3.5rem; align-items: center; gap: 0.5rem; }
.predict-name, .predict-choice { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.predict-choice { min-height: 2.75rem; font: inherit; font-weight: 600; border-radius: 0.5rem; cursor: pointer; }
.predict-bar { height: 0.9rem; border-radius: 0.45rem; background: rgba(127, 127, 127, 0.25); overflow: hidden; }
.predict-fill { display: block; height: 100%; width: 0; background: #3b82f6; transition: width 0.3s ease; }
.predict-row.won .predict-fill { background: #16a34a; }
.predict-row.won .predict-name { font-weight: 700; }
.predict-percent { text-align: right; font-variant-numeric: tabular-nums; }
.predict-detail, .predict-closes { margin: 0.35rem 0 0; opacity: 0.8; font-size: 0.9em; }
.predict-mine { margin: 0.4rem 0 0; font-weight: 600; }
.predict-mine.right { color: #16a34a; }
.predict-board { margin: 0.4rem 0 0; padding-left: 0; list-style: none; font-size: 0.9em; }

"""#
}
