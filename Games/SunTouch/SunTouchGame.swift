import PartyKit

/// SunTouch as a whole: two players strike a square field to find hidden suns.
public enum SunTouchGame: PartyGame {
    /// The rules.
    public typealias Rules = SunTouch
    /// The computer player.
    public typealias Bot = SunTouchBot
    /// The terminal presenter.
    public typealias Presenter = SunTouchPresenter
}
