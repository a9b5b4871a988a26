@testable import PartyClient
import PartyGames
import PartyKit
@testable import PartyServer
import PartyWire

/// A whole party night without sockets or real time: a room of every game, with teams, a
/// spectator who predicts, a guest who arrives mid-game and one whose connection drops and comes
/// back. Every player's client is a room bot's brain (`RoomBotBrain`, what `partyhost --bots`
/// runs) fed from the table's effects instead of a socket; the clock moves in steps of `step`
/// milliseconds. The table's inputs are recorded by the driver.
struct PartySimulation {
    /// One simulated connection: a player (playing with the game's bot) or a spectator.
    struct Client {
        let peer: Int
        let spectator: Bool
        /// The name it says hello with, and whether it is the host's own player.
        var name = ""
        var host = false
        var seq = 0
        /// The player's bot, from its welcome on (a spectator has none).
        var brain: RoomBotBrain?
        var welcomed = false
        var token: String?
        var predicted: Set<Int> = []
    }

    var driver: TableDriver
    var clients: [Int: Client] = [:]
    var now = GameInstant.zero
    let step: Int64 = 20
    let menu: [String]
    var nextPeer = 1
    var votedFor = -1
    /// The connection of the host's own player.
    var hostPeer = 1
    /// The room's settings and the host's options (a replay makes its table from them).
    let settings: RoomSettings
    let options: HostOptions
    let seed: UInt64

    /// A room of every game in the catalogue, teams on, with `players` players (the first is the
    /// host's) and one spectator.
    init(players: Int, seed: UInt64) throws {
        var hosted: [HostedGame] = []
        for game in GameCatalog.all {
            func make<Game: PartyGame>(_: Game.Type) throws -> HostedGame {
                HostedGame(Game.Rules.self, configuration: try Game.Rules.Configuration(roomValues: [:]))
            }
            hosted.append(try make(game))
        }
        menu = hosted.map(\.descriptor.id)
        var options = HostOptions(graceMilliseconds: 5_000)
        options.teams = true
        self.options = options
        self.seed = seed
        settings = RoomSettings(games: hosted, choice: .host, startDelayMilliseconds: 1_000)
        driver = TableDriver(table: .testTable(room: settings, options: options, seed: seed))
        for index in 0..<players { arrive(name: ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"][index % 7], host: index == 0) }
        arrive(name: "Watcher", spectator: true)
    }

    /// A new connection says hello (`token`: to take a held seat back).
    mutating func arrive(name: String, host: Bool = false, spectator: Bool = false, token: String? = nil) {
        let peer = nextPeer
        nextPeer += 1
        clients[peer] = Client(peer: peer, spectator: spectator, name: name, host: host)
        if host { hostPeer = peer }
        let hello = Hello(client: "simulation", name: name, game: "party", hostKey: host ? "host-key" : nil,
                          role: spectator ? "spectator" : nil, token: token, games: menu, features: ["teams", "predictions"])
        driver.feed(.hello(peer: peer, address: "127.0.0.1", hello: hello, token: "token-\(peer)"), at: now)
        deliver()
    }

    /// Connection `peer` drops without a word.
    mutating func drop(_ peer: Int) {
        clients[peer] = nil
        driver.feed(.departed(peer: peer, reason: .connectionClosed), at: now)
        deliver()
    }

    /// The latest token `peer` was welcomed with.
    func token(of peer: Int) -> String? {
        clients[peer]?.token
    }

    /// The host restarted with `table` (its journal replayed): every connection is gone, and
    /// every client comes back, the players with their latest tokens.
    mutating func restart(with table: Table) {
        let returning = clients.values.sorted { $0.peer < $1.peer }
        driver.table = table
        clients = [:]
        for peer in table.connectedPeers { driver.feed(.departed(peer: peer, reason: .connectionClosed), at: now) }
        deliver()
        for client in returning {
            arrive(name: client.name, host: client.host, spectator: client.spectator, token: client.spectator ? nil : client.token)
        }
    }

    /// Moves the clock one step: the table's tick, then every client reads and acts.
    mutating func advance() throws {
        now = now.adding(milliseconds: step)
        driver.feed(.tick, at: now)
        deliver()
        for peer in clients.keys.sorted() {
            guard var client = clients[peer], client.welcomed else { continue }
            if let message = client.brain?.due(at: now) {
                client.seq += 1
                clients[peer] = client
                try driver.send(message, seq: client.seq, from: peer, at: now)
                deliver()
            }
        }
        try chooseAndPredict()
    }

    /// The host's player picks the next game on the menu whenever the room is choosing; the
    /// spectator predicts the first seat of every game whose predictions are open.
    mutating func chooseAndPredict() throws {
        let table = driver.table
        let host = hostPeer
        if table.roomState == "choosing", table.phase == .lobby, votedFor != table.gamesPlayed, var client = clients[host] {
            votedFor = table.gamesPlayed
            client.seq += 1
            clients[host] = client
            try driver.send(Vote(game: menu[table.gamesPlayed % menu.count]), seq: client.seq, from: host, at: now)
            deliver()
        }
        if let open = driver.table.predictions, open.isOpen {
            for peer in clients.keys.sorted() where clients[peer]?.spectator == true && clients[peer]?.predicted.contains(open.game) == false {
                clients[peer]?.predicted.insert(open.game)
                clients[peer]?.seq += 1
                try driver.send(Predict(seat: 0), seq: clients[peer]?.seq ?? 1, from: peer, at: now)
                deliver()
            }
        }
    }

    /// Every client reads what it was sent, as its connection would.
    mutating func deliver() {
        let codec = MessageCodec()
        for peer in clients.keys.sorted() {
            for envelope in driver.read(peer) {
                guard var client = clients[peer], let event = EventReader.event(of: envelope, codec: codec) else { continue }
                apply(event, to: &client)
                clients[peer] = client
            }
        }
    }

    /// A client reads one event: its welcome starts its bot (as `RoomBotRunner.run` does with the
    /// welcome of its session), and every later event goes to the bot.
    func apply(_ event: ClientEvent, to client: inout Client) {
        if case .welcome(let welcome) = event {
            client.welcomed = true
            client.token = welcome.token
            if !client.spectator {
                let runner = RoomBotRunner(address: HostAddress(host: "127.0.0.1", port: 0), name: welcome.name,
                                           seed: UInt64(client.peer) &* 7919, code: nil, level: .normal, games: GameCatalog.all)
                client.brain = RoomBotBrain(runner: runner, welcome: welcome)
            }
            return
        }
        _ = client.brain?.apply(event, at: now)
    }
}
