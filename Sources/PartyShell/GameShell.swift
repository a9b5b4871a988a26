import PartyClient
import PartyKit
import PartyTerminal
import PartyWire

/// A person's client for one game: runs the full-screen TUI or line mode on a joined session
/// until they leave or the session ends, and returns the reason it ended for them.
public enum GameShell {
    /// Joins the session at `options.address` expecting `Game`, then plays.
    public static func run<Game: PartyGame>(_ game: Game.Type, options: ShellOptions) async throws -> String {
        let hello = Hello(client: "partyclient", name: options.name, game: Game.descriptor.id, hostKey: options.hostKey)
        return try await PartySession.withSession(to: options.address, hello: hello) { session, welcome in
            try await play(game, connection: session, welcome: welcome, options: options)
        }
    }

    /// Plays on a connection that the host has already welcomed.
    public static func play<Game: PartyGame>(
        _: Game.Type, connection: PartySession, welcome: Welcome, options: ShellOptions
    ) async throws -> String {
        if options.fullScreen {
            let terminal = Terminal(interruptHandling: .report, color: options.color)
            try terminal.enterFullScreen()
            defer { terminal.restore() }
            var screen = FullScreenShell<Game>(connection: connection, welcome: welcome, terminal: terminal,
                                               color: options.color, banner: options.banner)
            return await screen.run()
        } else {
            var lines = LineShell<Game>(connection: connection, welcome: welcome)
            return await lines.run()
        }
    }
}
