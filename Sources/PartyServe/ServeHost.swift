import Foundation
import Logging
import PartyClient
import PartyJournal
import PartyKit
import PartyServer
import PartyWire
import Synchronization

/// A party server with everything around its rooms: starting rooms as asked (with their bots and
/// journals), resuming the rooms its journal kept, and the limit on rooms started per address.
public final class ServeHost: Sendable {
    /// The rooms and their connections.
    public let server: RoomServer
    /// Where every room is journaled (nil: rooms live in memory only).
    let store: (any JournalStore)?
    let logger: Logger
    /// The port the server listens on, once it does (bots connect there).
    private let port = Mutex<Int?>(nil)
    /// Rooms each address started, by time (for `roomsPerAddressPerHour`).
    private let starts = Mutex<[String: [ContinuousClock.Instant]]>([:])
    /// Bots of rooms opened before the server listened (they connect once it does).
    private let waitingBots = Mutex<[(ServedRoom, ValidRoom)]>([])

    /// A host around `server`, journaling rooms in `store`.
    public init(server: RoomServer, store: (any JournalStore)?, logger: Logger) {
        self.server = server
        self.store = store
        self.logger = logger
    }

    /// What a new room gives its creator.
    public struct Started: Sendable, Codable {
        /// The room's code.
        public var code: String
        /// The room's name.
        public var name: String
        /// The secret that makes its holder the room's VIP (sent in `hello.hostKey`).
        public var key: String
    }

    /// Starts a room as `request` asks, for a visitor at `address`.
    public func start(_ request: RoomRequest, from address: String) throws -> Started {
        let valid = try request.validated()
        let now = ContinuousClock.now
        let allowed = starts.withLock { starts -> Bool in
            var recent = (starts[address] ?? []).filter { now - $0 < .seconds(3600) }
            guard recent.count < server.options.roomsPerAddressPerHour else { return false }
            recent.append(now)
            starts[address] = recent
            if starts.count > 10_000 { starts = starts.filter { $0.value.contains { now - $0 < .seconds(3600) } } }
            return true
        }
        guard allowed else { throw StartRefusal.tooManyStarts(perHour: server.options.roomsPerAddressPerHour) }
        guard server.liveRooms.count < server.options.maxRooms else { throw ServeError.full(rooms: server.options.maxRooms) }
        let code = server.freeCode()
        let room = try open(valid, code: code, request: request, journal: nil)
        return Started(code: code, name: room.name, key: room.hostKey)
    }

    /// Opens a room: a new one (its journal begun here) or one resumed from `journal`.
    private func open(_ valid: ValidRoom, code: String, request: RoomRequest, journal resumed: HostJournal?) throws -> ServedRoom {
        var journal = resumed
        if journal == nil, let store {
            let arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
            let party = try store.begin(JournalParty.fresh(name: valid.name, version: WireProtocol.softwareVersion, arguments: arguments,
                                                          seed: nil, joinCode: code, started: Date().timeIntervalSince1970))
            journal = HostJournal(store: store, party: party, onProblem: { [logger] in logger.warning("\($0)", metadata: ["room": "\(code)"]) })
        }
        var options = server.options.host
        options.sessionName = valid.name
        options.teams = valid.teams
        options.reserveHostSeat = false
        // The room's creator is its VIP; when the VIP leaves for good the role passes on.
        options.vipHandsOver = true
        options.joinCode = nil
        options.restartWaitSeconds = store == nil ? 0 : 300
        let room = try server.open(code: code, name: valid.name, room: valid.settings, options: options, journal: journal)
        if valid.bots > 0 {
            if let port = port.withLock({ $0 }) {
                startBots(of: room, valid, port: port)
            } else {
                waitingBots.withLock { $0.append((room, valid)) }
            }
        }
        return room
    }

    /// Opens every unfinished room of the journal again; returns how many.
    public func resumeRooms() -> Int {
        guard let store else { return 0 }
        var count = 0
        do {
            for party in try store.parties() where party.finished == nil {
                guard let code = party.joinCode.flatMap(RoomCode.normalized), let json = party.arguments.first,
                      let request = try? JSONDecoder().decode(RoomRequest.self, from: Data(json.utf8)),
                      let valid = try? request.validated() else {
                    try? store.finish(party: party.id, reason: "unreadable", at: Date().timeIntervalSince1970)
                    continue
                }
                let reading = try store.entries(party: party.id)
                guard !reading.entries.isEmpty else {
                    try? store.finish(party: party.id, reason: "empty", at: Date().timeIntervalSince1970)
                    continue
                }
                let journal = HostJournal(store: store, party: party, entries: reading.entries,
                                          onProblem: { [logger] in logger.warning("\($0)", metadata: ["room": "\(code)"]) })
                _ = try open(valid, code: code, request: request, journal: journal)
                count += 1
            }
        } catch {
            logger.error("the journal's rooms could not all be resumed: \(error)")
        }
        return count
    }

    /// The server listens on `port`: the bots of rooms opened so far connect.
    public func listening(on port: Int) {
        self.port.withLock { $0 = port }
        let waiting = waitingBots.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        for (room, valid) in waiting { startBots(of: room, valid, port: port) }
    }

    /// The bots' names.
    static let botNames = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Margaret"]

    private func startBots(of room: ServedRoom, _ valid: ValidRoom, port: Int) {
        for index in 0..<valid.bots {
            let name = Self.botNames[index % Self.botNames.count]
            var bot = RoomBotRunner(address: HostAddress(host: "127.0.0.1", port: port), name: name, seed: UInt64.random(in: 0...UInt64.max),
                                    code: nil, level: valid.botLevel, games: valid.games)
            bot.room = room.code
            bot.token = room.resumed?.seats.first { $0.isBot && $0.name == name }?.token
            let logger = self.logger
            Task {
                do {
                    try await bot.run()
                } catch {
                    logger.info("bot \(name) left: \(error)", metadata: ["room": "\(room.code)"])
                }
            }
        }
    }
}

/// Why a visitor may not start a room now.
public enum StartRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address started its rooms for this hour.
    case tooManyStarts(perHour: Int)

    public var description: String {
        switch self {
        case .tooManyStarts(let perHour): "You have started \(perHour) parties this hour, the most one address may; try again later."
        }
    }
}
