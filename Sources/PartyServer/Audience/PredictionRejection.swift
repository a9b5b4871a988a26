/// Why a prediction is refused. It is checked in this order, and the first check that fails is
/// the answer: `display`, `playing`, `nothingToPredict`, `closed`, `alreadyPredicted`, `unknownSeat`.
/// A refused prediction changes nothing (an earlier one stands).
public enum PredictionRejection: Error, Hashable, Sendable {
    /// A shared screen (`hello.features` `display`, the /tv page) shows the split and never predicts.
    case display
    /// The sender plays the running game (or holds a seat in a team that does).
    case playing
    /// No game runs, or it has fewer than two seats.
    case nothingToPredict
    /// Predictions closed (the first move was played, or the time ran out).
    case closed
    /// The sender already predicted this game; `name` is the seat they chose.
    case alreadyPredicted(name: String)
    /// The game has no such seat.
    case unknownSeat(Int)

    /// The machine-readable reason sent in `error`.
    public var code: String {
        switch self {
        case .display: "display"
        case .playing: "playing"
        case .nothingToPredict: "nothingToPredict"
        case .closed: "predictionsClosed"
        case .alreadyPredicted: "alreadyPredicted"
        case .unknownSeat: "unknownSeat"
        }
    }
}

extension PredictionRejection: CustomStringConvertible {
    /// One sentence for the person who predicted.
    public var description: String {
        switch self {
        case .display: "A shared screen shows the predictions; it does not make one."
        case .playing: "You play in this game; predictions are for those who watch it."
        case .nothingToPredict: "There is nothing to predict now; predict when the next game starts."
        case .closed: "Predictions for this game are closed; predict in the next one."
        case .alreadyPredicted(let name): "You already said \(name) wins; a prediction cannot be changed."
        case .unknownSeat(let seat): "There is no seat \(seat) in this game."
        }
    }
}
