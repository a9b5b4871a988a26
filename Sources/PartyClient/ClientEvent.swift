import PartyWire

/// Something the host said, or the connection's end, as a client sees it.
public enum ClientEvent: Sendable {
    /// The host seated us.
    case welcome(Welcome)
    /// The host refused us; the connection closes.
    case rejected(Reject)
    /// The table changed.
    case lobby(Lobby)
    /// A new view of the running game (decode it with `MessageCodec.decode(ViewMessage<View>.self, from:)`).
    case view(Envelope)
    /// A move of ours was refused.
    case moveRejected(MoveRejected)
    /// A game ended.
    case gameOver(GameOver)
    /// The party room changed (menu, votes, countdown, the game on, the scoreboard).
    case room(RoomMessage)
    /// Our team (several players holding our seat) and its proposals changed.
    case team(TeamMessage)
    /// The audience's predictions for the running game (asked for with `hello.features` `predictions`).
    case predictions(PredictionsMessage)
    /// Our own prediction, accepted or judged.
    case prediction(PredictionMessage)
    /// Someone left.
    case playerLeft(PlayerLeft)
    /// The host ended the session.
    case ended(Ended)
    /// The host could not accept something we sent.
    case error(ErrorMessage)
    /// The connection dropped; the client is trying to get its seat back.
    case connectionLost(String)
    /// Nothing answers at the host's address, and the host keeps a journal (its welcome's
    /// `restartWait`): the client keeps trying with its token until `until`, when it gives up.
    /// Said when the waiting starts and again every `PartySession.restartingNoticeEvery` or so.
    case hostRestarting(until: ContinuousClock.Instant)
    /// The host gave the seat back after a drop.
    case reconnected(Welcome)
    /// The connection is gone for good; the text says why.
    case disconnected(String)
}
