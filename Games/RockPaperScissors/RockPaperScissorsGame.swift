import PartyKit

/// RockPaperScissors as the catalog lists it: its rules, its bot and its terminal presenter.
public enum RockPaperScissorsGame: PartyGame {
    /// The rules.
    public typealias Rules = RockPaperScissors
    /// The computer player.
    public typealias Bot = RockPaperScissorsBot
    /// The terminal presenter.
    public typealias Presenter = RockPaperScissorsPresenter
}
