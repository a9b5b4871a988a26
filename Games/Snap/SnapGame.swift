import PartyKit

/// Snap! as the catalog lists it: rules, bot and terminal presenter.
public enum SnapGame: PartyGame {
    /// The rules.
    public typealias Rules = Snap
    /// The computer player.
    public typealias Bot = SnapBot
    /// The terminal presenter.
    public typealias Presenter = SnapPresenter
}
