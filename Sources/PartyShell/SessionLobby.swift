import PartyClient
import PartyDiscovery
import PartyKit
import PartyTerminal

/// The live list of sessions on the network: they appear and disappear as hosts come and go;
/// the person picks one with the arrow keys and Enter (or types its number in line mode).
public struct SessionLobby: Sendable {
    /// Which sessions to show.
    public var gameFilter: String?
    /// Where to look.
    public var interfaces: DiscoveryInterfaces
    /// Full screen or line mode.
    public var fullScreen: Bool
    /// Colours allowed.
    public var color: Bool
    /// The game ids this client draws itself; other sessions are marked as played in plain text.
    public var drawnGames: Set<String>?
    /// Unicast DNS domains to browse beside the local network (wide-area DNS-SD), if any.
    public var wideArea: WideAreaBrowser?
    /// The titles of the games this build knows, by id (a party room's list line names its game).
    public var gameTitles: [String: String]

    /// Creates a lobby.
    public init(gameFilter: String?, interfaces: DiscoveryInterfaces, fullScreen: Bool, color: Bool, drawnGames: Set<String>? = nil,
                wideArea: WideAreaBrowser? = nil, gameTitles: [String: String] = [:]) {
        self.wideArea = wideArea
        self.drawnGames = drawnGames
        self.gameTitles = gameTitles
        self.gameFilter = gameFilter
        self.interfaces = interfaces
        self.fullScreen = fullScreen
        self.color = color
    }

    /// What the person chose: where, and whether only to watch.
    public struct Choice: Sendable {
        /// The host's address.
        public var address: HostAddress
        /// Join as a spectator.
        public var watch: Bool
        /// The advertised instance name ("Alice's Four in a Row").
        public var instanceName: String
    }

    /// Lets the person choose a session; returns its address, or nil when they quit. `notice` (why
    /// the last choice did not work out) is shown with the list until the next key.
    public func choose(notice: String? = nil) async throws -> Choice? {
        // Said at once, not after an endless "Looking for sessions…" (the browser's own error
        // would only surface when it stops).
        try interfaces.validate()
        let browser = try ServiceBrowser(subtype: gameFilter.map { "_\($0)" }, interfaces: interfaces, wideArea: wideArea)
        return try await withThrowingTaskGroup(of: Choice?.self) { group in
            group.addTask {
                try await browser.run()
                return nil
            }
            let choice: (service: DiscoveredService, watch: Bool)?
            if fullScreen {
                choice = try await chooseFullScreen(browser, notice: notice)
            } else {
                if let notice { Console.say(notice) }
                choice = try await chooseByNumber(browser)
            }
            defer {
                browser.stop()
                group.cancelAll()
            }
            guard let choice else { return nil }
            let resolved = try await browser.resolve(choice.service.instanceName, timeout: .seconds(3))
            // Every address (IPv4 and IPv6): the connection tries them happy-eyeballs style.
            guard let address = HostAddress(hosts: resolved.addresses, port: Int(resolved.port)) else {
                throw DiscoveryError.serviceUnavailable(choice.service.instanceName)
            }
            return Choice(address: address, watch: choice.watch,
                          instanceName: resolved.instanceName)
        }
    }

    func line(for service: DiscoveredService) -> String {
        let line = Self.line(for: service, titles: gameTitles)
        guard service.txt["room"] != "1", let drawnGames, let game = service.txt["game"], !drawnGames.contains(game) else { return line }
        return line + " · plain text"
    }

    static func line(for service: DiscoveredService, titles: [String: String] = [:]) -> String {
        if service.txt["room"] == "1" { return roomLine(for: service, titles: titles) }
        let title = service.txt["title"] ?? service.txt["game"] ?? "?"
        let players = service.txt["players"] ?? "?"
        let state = service.txt["state"] ?? "?"
        let code = service.txt["code"] == "1" ? ", code needed" : ""
        let closed = service.txt["open"] == "0" ? " (full: w to watch)" : ""
        // "Alice's Four in a Row" already names its game: the title is not said twice.
        let game = service.instanceName.lowercased().contains(title.lowercased()) ? "" : "\(title), "
        let area = service.domain.map { " · wide-area \($0)" } ?? ""
        return "\(service.instanceName) — \(game)\(players) players, \(state)\(code)\(closed)\(area)"
    }

    /// The page's address for a session whose TXT says it serves one (`web=/`): its first IPv4
    /// address, else its first IPv6 address that is not link-local (browsers cannot open those).
    public static func browserURL(_ service: DiscoveredService) -> String? {
        guard let path = service.txt["web"], path.hasPrefix("/") else { return nil }
        if let v4 = service.addresses.first(where: { !$0.contains(":") }) { return "http://\(v4):\(service.port)\(path)" }
        let v6 = service.addresses.first { address in
            let lower = address.lowercased()
            return !lower.contains("%") && !["fe8", "fe9", "fea", "feb"].contains { lower.hasPrefix($0) }
        }
        return v6.map { "http://[\($0)]:\(service.port)\(path)" }
    }

    /// The detail line for a session in the interactive list: where browsers join it, if they can.
    public static func browserLine(for service: DiscoveredService) -> String? {
        browserURL(service).map { "Browsers: \($0)" }
    }

    /// A party room's line: "Alice's party — party room, playing Snap! — 3/16 players" (or
    /// "choosing the next game"); `titles` names the games by id (the id shows for a game not in it).
    static func roomLine(for service: DiscoveredService, titles: [String: String]) -> String {
        let code = service.txt["code"] == "1" ? ", code needed" : ""
        let closed = service.txt["open"] == "0" ? " (full: w to watch)" : ""
        let area = service.domain.map { " · wide-area \($0)" } ?? ""
        return "\(service.instanceName) — \(roomActivity(txt: service.txt, titles: titles)) — \(service.txt["players"] ?? "?") players\(code)\(closed)\(area)"
    }

    /// What a party room is doing, from its TXT: "party room, playing Snap!", "party room, starting
    /// Snap!" or "party room, choosing the next game".
    public static func roomActivity(txt: [String: String], titles: [String: String]) -> String {
        let now = txt["now"].map { titles[$0] ?? $0 }
        switch (txt["state"], now) {
        case ("playing"?, let game?): return "party room, playing \(game)"
        case ("starting"?, let game?): return "party room, starting \(game)"
        default: return "party room, choosing the next game"
        }
    }

    /// Line mode: prints the numbered list as soon as sessions are found and again whenever it
    /// changes (or on Enter), and reads a number, `w` and a number, or `q`. Lines typed (or piped)
    /// in the first two seconds wait for that first look at the network.
    func chooseByNumber(_ browser: ServiceBrowser) async throws -> (service: DiscoveredService, watch: Bool)? {
        Console.say("Looking for sessions on the network…")
        // A line typed; nil: time to look at the list again; end of input.
        let (inputs, feed) = AsyncStream<ChooserInput>.makeStream()
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
                feed.yield(.end)
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    if case .terminated = feed.yield(.tick) { return }
                }
            }
            defer {
                feed.finish()
                group.cancelAll()
            }
            let firstLook = ContinuousClock.now + .seconds(2)
            var waiting: [ChooserInput] = []
            var shown: [String]?
            for await input in inputs {
                if ContinuousClock.now < firstLook {
                    if input != .tick { waiting.append(input) }
                    continue
                }
                let services = await browser.services
                for input in waiting + [input] {
                    switch input {
                    case .end:
                        return nil
                    case .tick:
                        break
                    case .line(let line):
                        let text = line.trimmingWhitespace()
                        if text == "q" || text == "quit" { return nil }
                        if let number = Int(text), services.indices.contains(number - 1) { return (services[number - 1], false) }
                        if text.hasPrefix("w"), let number = Int(text.dropFirst().trimmingWhitespace()), services.indices.contains(number - 1) {
                            return (services[number - 1], true)
                        }
                        if !text.isEmpty { Console.say("There is no session \"\(text)\" in the list.") }
                        shown = nil
                    }
                }
                waiting = []
                // A wide-area domain that cannot be browsed is said under the list.
                let problems = await browser.wideAreaFailures.map { "Note: \($0)." }
                let lines = services.map { self.line(for: $0) }
                // The browser line changes with the addresses, so it counts in what was shown.
                let shownNow = zip(lines, services).map { $0 + (Self.browserLine(for: $1) ?? "") } + problems
                guard shownNow != shown else { continue }
                problems.forEach(Console.say)
                if lines.isEmpty {
                    Console.say("No sessions found yet. Press Enter to look again, q to quit.")
                } else {
                    for (index, line) in lines.enumerated() {
                        Console.say("\(index + 1). \(line)")
                        if let browsers = Self.browserLine(for: services[index]) { Console.say("   \(browsers)") }
                    }
                    Console.say("Type a number to join (w1 watches number 1), Enter to list again, q to quit.")
                }
                shown = shownNow
            }
            return nil
        }
    }

    /// What the line-mode chooser waits for.
    enum ChooserInput: Equatable, Sendable {
        /// A line typed.
        case line(String)
        /// Time to look at the list again.
        case tick
        /// Standard input ended.
        case end
    }

    func chooseFullScreen(_ browser: ServiceBrowser, notice: String?) async throws -> (service: DiscoveredService, watch: Bool)? {
        let terminal = Terminal(interruptHandling: .report, color: color)
        try terminal.enterFullScreen()
        defer { terminal.restore() }
        let (inputs, feed) = AsyncStream<TerminalEvent?>.makeStream()
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in terminal.events { feed.yield(event) }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    if case .terminated = feed.yield(nil) { return }
                }
            }
            defer {
                feed.finish()
                group.cancelAll()
            }
            var selected = 0
            var notice = notice
            for await input in inputs {
                let services = await browser.services
                selected = min(max(0, selected), max(0, services.count - 1))
                switch input {
                case .key(.arrow(.up, _))?: selected = max(0, selected - 1)
                case .key(.arrow(.down, _))?: selected = min(max(0, services.count - 1), selected + 1)
                case .key(.enter)?: if services.indices.contains(selected) { return (services[selected], false) }
                case .key(.character("w"))?: if services.indices.contains(selected) { return (services[selected], true) }
                case .key(.character("q"))?, .key(.control("c"))?, .interrupt?: return nil
                default: break
                }
                if input != nil { notice = nil }
                let problem = await browser.wideAreaFailures.first.map { "Note: \($0)." }
                draw(services, selected: selected, notice: notice ?? problem, on: terminal)
            }
            return nil
        }
    }

    func draw(_ services: [DiscoveredService], selected: Int, notice: String?, on terminal: Terminal) {
        let size = Terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        let bar = TextStyle(foreground: color ? .black : nil, background: color ? .cyan : nil, bold: true, inverse: !color)
        canvas.fill(x: 0, y: 0, width: size.width, height: 1, style: bar)
        canvas.put(" partyclient · sessions on the network" + (gameFilter.map { " (\($0) only)" } ?? ""), x: 0, y: 0, style: bar)
        if services.isEmpty {
            canvas.put("Looking for sessions… (start one with: partyhost --game fourinarow)", x: 2, y: 2, style: TextStyle(dim: true))
        }
        // The selected session's detail (where browsers join it) stands above the notice line.
        let detail = services.indices.contains(selected) ? Self.browserLine(for: services[selected]) : nil
        let listEnd = size.height - (detail == nil ? 2 : 4)
        if let detail { canvas.put(detail, x: 2, y: size.height - 3, width: size.width - 2, style: TextStyle(foreground: color ? .cyan : nil)) }
        for (index, service) in services.enumerated() where index + 2 < listEnd {
            let style = index == selected ? TextStyle(bold: true, inverse: true) : .plain
            canvas.put((index == selected ? "▶ " : "  ") + line(for: service), x: 1, y: index + 2, width: size.width - 1, style: style)
        }
        if let notice { canvas.put(notice, x: 0, y: size.height - 2, width: size.width, style: TextStyle(bold: true)) }
        canvas.put("↑/↓ choose · Enter join · w watch · q quit".fittedHelp(toWidth: size.width), x: 0, y: size.height - 1, style: TextStyle(dim: true))
        terminal.draw(canvas)
    }
}
