/// One game as a whole: its rules, its bot and its terminal presenter, as the catalog lists it.
public protocol PartyGame: SendableMetatype {
    /// The rules.
    associatedtype Rules: GameRules
    /// The computer player.
    associatedtype Bot: GameBot where Bot.Rules == Rules
    /// The terminal presenter.
    associatedtype Presenter: GamePresenter where Presenter.Rules == Rules
}

extension PartyGame {
    /// The rules' descriptor.
    public static var descriptor: GameDescriptor { Rules.descriptor }
}
