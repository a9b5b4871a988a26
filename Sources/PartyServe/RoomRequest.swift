import PartyGames
import PartyKit
import PartyServer

/// What "Start a party" asks for (`POST /api/rooms`, JSON): the room's name, its menu, teams,
/// bots and how the next game is chosen. Every field is optional; what is missing takes its default.
public struct RoomRequest: Codable, Sendable, Equatable {
    /// The room's name (cleaned like a player's name; "Party" when nothing is left).
    public var name: String?
    /// Game ids on the menu (all games when missing or empty).
    public var games: [String]?
    /// Teams on or off.
    public var teams: Bool?
    /// Bots in the room (0–7).
    public var bots: Int?
    /// The bots' level (`easy`, `normal`, `perfect`).
    public var botLevel: String?
    /// `vote` (everyone votes, the default) or `host` (the VIP picks).
    public var choose: String?

    /// A request; nil fields take their defaults.
    public init(name: String? = nil, games: [String]? = nil, teams: Bool? = nil, bots: Int? = nil, botLevel: String? = nil,
                choose: String? = nil) {
        self.name = name
        self.games = games
        self.teams = teams
        self.bots = bots
        self.botLevel = botLevel
        self.choose = choose
    }

    /// The most bots a room may have.
    public static let maxBots = 7

    /// The request checked: a readable error for anything that cannot be.
    public func validated() throws(RoomRequestError) -> ValidRoom {
        let cleaned = NameCleaner.clean(name ?? "")
        let roomName = cleaned.isEmpty ? "Party" : cleaned
        var menu: [any PartyGame.Type] = []
        if let games, !games.isEmpty {
            guard games.count <= 32 else { throw .unknownGame(id: "(\(games.count) games)") }
            for id in games {
                guard let game = GameCatalog.game(id: id.lowercased()) else { throw .unknownGame(id: String(id.prefix(32))) }
                if !menu.contains(where: { $0.descriptor.id == game.descriptor.id }) { menu.append(game) }
            }
        } else {
            menu = GameCatalog.all
        }
        let botCount = bots ?? 0
        guard (0...Self.maxBots).contains(botCount) else { throw .badBots(count: botCount) }
        let level = try Self.level(botLevel)
        let choice: RoomChoice
        switch (choose ?? "vote").lowercased() {
        case "vote": choice = .vote(countdownSeconds: 15)
        case "host", "vip": choice = .host
        default: throw .badChoice(String((choose ?? "").prefix(32)))
        }
        var hosted: [HostedGame] = []
        for game in menu {
            func make<Game: PartyGame>(_: Game.Type) throws(RoomRequestError) -> HostedGame {
                do {
                    return HostedGame(Game.Rules.self, configuration: try Game.Rules.Configuration(roomValues: [:]))
                } catch {
                    throw .gameSettings(title: Game.descriptor.title, detail: error.description)
                }
            }
            hosted.append(try make(game))
        }
        return ValidRoom(name: roomName, games: menu, settings: RoomSettings(games: hosted, choice: choice),
                         teams: teams ?? false, bots: botCount, botLevel: level)
    }

    static func level(_ text: String?) throws(RoomRequestError) -> BotLevel {
        guard let text else { return .normal }
        guard let level = BotLevel(rawValue: text.lowercased()) else { throw .badLevel(String(text.prefix(32))) }
        return level
    }
}

/// A room request that passed its checks.
public struct ValidRoom: Sendable {
    /// The cleaned name.
    public var name: String
    /// The games on the menu.
    public var games: [any PartyGame.Type]
    /// The room's settings.
    public var settings: RoomSettings
    /// Teams on or off.
    public var teams: Bool
    /// How many bots.
    public var bots: Int
    /// The bots' level.
    public var botLevel: BotLevel
}

/// Why a room cannot be started as asked.
public enum RoomRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not a room request.
    case unreadable(detail: String)
    /// No game has this id.
    case unknownGame(id: String)
    /// Too many or too few bots.
    case badBots(count: Int)
    /// Not a bot level.
    case badLevel(String)
    /// Neither `vote` nor `host`.
    case badChoice(String)
    /// A game refused its room settings.
    case gameSettings(title: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let detail): "That is not a room request (\(detail))."
        case .unknownGame(let id): "There is no game \"\(id)\"; the games are \(GameCatalog.idList)."
        case .badBots(let count): "A room has 0 to \(RoomRequest.maxBots) bots, not \(count)."
        case .badLevel(let text): "\"\(text)\" is not a bot level; say easy, normal or perfect."
        case .badChoice(let text): "\"\(text)\" is not a way to choose games; say vote or host."
        case .gameSettings(let title, let detail): "\(title): \(detail)"
        }
    }
}
