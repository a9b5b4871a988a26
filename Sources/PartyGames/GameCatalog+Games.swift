// Generated from the `games` list in Package.swift by `new-game`; do not edit by hand.
// Regenerate with: swift package --allow-writing-to-package-directory new-game --sync

import FourInARow
import PartyKit
import RockPaperScissors
import Snap
import SunTouch
import TwentyFour

extension GameCatalog {
    /// All games, in the order of Package.swift's `games` list (the order `--list-games` shows).
    public static let all: [any PartyGame.Type] = [
        FourInARowGame.self,
        TwentyFourGame.self,
        SnapGame.self,
        SunTouchGame.self,
        RockPaperScissorsGame.self,
    ]
}
