import PartyClient
import PartyKit
import PartyTerminal
import PartyWire

/// A person's client for one game: runs the full-screen TUI or line mode on a joined session
/// until they leave or the session ends, and returns the reason it ended for them.
public enum GameShell {
    /// Joins the session at `options.address` expecting `Game`, then plays.
    public static func run<Game: PartyGame>(_ game: Game.Type, options: ShellOptions) async throws -> String {
        var hello = Hello(client: "partyclient", name: options.name, game: Game.descriptor.id, hostKey: options.hostKey,
                          features: ["teams", "predictions"])
        hello.token = options.token
        return try await PartySession.withSession(to: options.address, hello: hello) { session, welcome in
            try await play(game, connection: session, welcome: welcome, options: options)
        }
    }

    /// Plays on a connection that the host has already welcomed; `notice` (such as "Welcome back")
    /// is shown first.
    public static func play<Game: PartyGame>(
        _: Game.Type, connection: PartySession, welcome: Welcome, options: ShellOptions, notice: String? = nil
    ) async throws -> String {
        if options.fullScreen {
            let terminal = Terminal(interruptHandling: .report, color: options.color)
            try terminal.enterFullScreen()
            defer { terminal.restore() }
            var screen = FullScreenShell<Game>(connection: connection, welcome: welcome, terminal: terminal,
                                               color: options.color, banner: options.banner, notice: notice)
            screen.join = options.join
            screen.hostNotices = options.hostNotices
            return await screen.run()
        } else {
            if let notice { Console.say(notice) }
            var lines = LineShell(connection: connection, welcome: welcome, play: PresenterLines<Game>())
            return await lines.run()
        }
    }

    /// Plays a game this client has no presenter for (or when the person asked for plain text):
    /// the host's plain-text views and a numbered menu of moves, one block per update, in any
    /// terminal. The hello must have listed the games this client draws (`Hello.games`).
    public static func playPlainText(connection: PartySession, welcome: Welcome, notice: String? = nil) async -> String {
        if let notice { Console.say(notice) }
        var lines = LineShell(connection: connection, welcome: welcome, play: PlainTextLines())
        return await lines.run()
    }
}
