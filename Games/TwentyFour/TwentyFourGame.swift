import PartyKit

/// TwentyFour as the catalog lists it: timed rounds of making 24 from four numbers.
public enum TwentyFourGame: PartyGame {
    public typealias Rules = TwentyFour
    public typealias Bot = TwentyFourBot
    public typealias Presenter = TwentyFourPresenter
}
