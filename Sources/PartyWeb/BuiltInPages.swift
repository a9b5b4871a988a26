/// The pages built into this build; the browser client replaces them.
enum BuiltInPages {
    static let index = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>partyhost</title>
    <link rel="stylesheet" href="/style.css">
    </head>
    <body>
    <main>
    <h1>partyhost</h1>
    <p>You have reached a party host. Playing in the browser is coming soon: this page will then be
    the game.</p>
    <h2>Join today from a terminal</h2>
    <ol>
    <li>Build the client: <code>swift build -c release --product partyclient</code> in a clone of partyhost.</li>
    <li>Run <code>partyclient</code> on the same network: it lists the sessions it finds; choose this one with the arrow keys and Enter.</li>
    <li>Or join this host directly: <code>partyclient --connect HOST:PORT</code>, with the address in
    this page's address bar.</li>
    </ol>
    <p>If the host set a join code, the client asks for it.</p>
    </main>
    </body>
    </html>

    """

    static let style = """
    body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem; line-height: 1.5;
           color: #1b1b1b; background: #fafafa; }
    main { max-width: 40rem; margin: 0 auto; }
    code { background: #eee; padding: 0 0.25em; border-radius: 3px; overflow-wrap: anywhere; }
    @media (prefers-color-scheme: dark) {
      body { color: #eee; background: #161616; }
      code { background: #333; }
    }

    """
}
