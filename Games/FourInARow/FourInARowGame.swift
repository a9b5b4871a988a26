import PartyKit

/// Four in a Row as the catalog lists it: its rules, its bot and its terminal presenter.
public enum FourInARowGame: PartyGame {
    /// The rules.
    public typealias Rules = FourInARow
    /// The computer player.
    public typealias Bot = FourInARowBot
    /// The terminal presenter.
    public typealias Presenter = FourInARowPresenter
}
