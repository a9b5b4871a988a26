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
    /// The address and port the server listens on, once it does (bots connect there).
    private let port = Mutex<HostAddress?>(nil)
    /// Rooms each address started, by time (for `roomsPerAddressPerHour`).
    private let starts = Mutex<[String: [ContinuousClock.Instant]]>([:])
    /// Bots of rooms opened before the server listened (they connect once it does).
    private let waitingBots = Mutex<[(ServedRoom, ValidRoom)]>([])
    /// The bots playing in each room, by code (stopped when the room goes to another node).
    private let bots = Mutex<[String: [Task<Void, Never>]]>([:])

    /// Whether the rooms' bots vote as well (for tests and benchmarks: a room of bots then plays
    /// game after game by itself).
    public let botsVote: Bool
    /// How long after a failed journal write the next is tried (a fleet's database comes back sooner than a full disk).
    let retryMilliseconds: Int64

    /// A host around `server`, journaling rooms in `store` (a failed write tried again after `retryMilliseconds`).
    public init(server: RoomServer, store: (any JournalStore)?, logger: Logger, retryMilliseconds: Int64 = 5_000,
                botsVote: Bool = false) {
        self.botsVote = botsVote
        self.server = server
        self.store = store
        self.logger = logger
        self.retryMilliseconds = retryMilliseconds
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
        // In a fleet another node may hold a code this one does not know: the journal says so,
        // and another code is tried.
        for attempt in 1...8 {
            let code = server.freeCode()
            do {
                let room = try open(valid, code: code, request: request, journal: nil)
                return Started(code: code, name: room.name, key: room.hostKey)
            } catch JournalError.codeTaken(let taken) where attempt < 8 {
                logger.info("code taken in the fleet, trying another", metadata: ["room": "\(taken)"])
            }
        }
        throw ServeError.full(rooms: server.options.maxRooms)
    }

    /// Opens a room: a new one (its journal begun here) or one resumed from `journal`.
    private func open(_ valid: ValidRoom, code: String, request: RoomRequest, journal resumed: HostJournal?) throws -> ServedRoom {
        var journal = resumed
        if journal == nil, let store {
            let arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
            let party = try store.begin(JournalParty.fresh(name: valid.name, version: WireProtocol.softwareVersion, arguments: arguments,
                                                          seed: nil, joinCode: code, started: Date().timeIntervalSince1970))
            var begun = HostJournal(store: store, party: party, onProblem: { [logger] in logger.warning("\($0)", metadata: ["room": "\(code)"]) })
            begun.retryMilliseconds = retryMilliseconds
            journal = begun
        }
        let room = try server.open(code: code, name: valid.name, room: valid.settings, options: roomOptions(valid), journal: journal)
        if valid.bots > 0 {
            if let port = port.withLock({ $0 }) {
                startBots(of: room, valid, port: port)
            } else {
                waitingBots.withLock { $0.append((room, valid)) }
            }
        }
        return room
    }

    /// A room's session options: the server's limits, the room's name and teams, its VIP.
    func roomOptions(_ valid: ValidRoom) -> HostOptions {
        var options = server.options.host
        options.sessionName = valid.name
        options.teams = valid.teams
        options.reserveHostSeat = false
        // The room's creator is its VIP; when the VIP leaves for good the role passes on.
        options.vipHandsOver = true
        options.joinCode = nil
        options.restartWaitSeconds = store == nil ? 0 : 300
        // In a fleet, the other nodes relay the room to their watchers.
        options.acceptsRelays = server.acceptsRelays
        options.botsVote = botsVote
        return options
    }

    /// Opens every unfinished room of the journal again; returns how many. (In a fleet the node
    /// resumes only the rooms it claimed, one by one, with `resume(_:)`.)
    public func resumeRooms() -> Int {
        guard let store else { return 0 }
        do {
            return try store.parties().filter { $0.finished == nil }.reduce(0) { $0 + (resume($1) ? 1 : 0) }
        } catch {
            logger.error("the journal's rooms could not all be resumed: \(error)")
            return 0
        }
    }

    /// Opens `party`'s room again from its journal; false when it cannot be (an unreadable party
    /// is marked finished, never to be tried again).
    @discardableResult
    public func resume(_ party: JournalParty) -> Bool {
        guard let store else { return false }
        guard let code = party.joinCode.flatMap(RoomCode.normalized), let json = party.arguments.first,
              let request = try? JSONDecoder().decode(RoomRequest.self, from: Data(json.utf8)),
              let valid = try? request.validated() else {
            try? store.finish(party: party.id, reason: "unreadable", at: Date().timeIntervalSince1970)
            return false
        }
        do {
            // A room nobody joined yet has no entries: it opens as it was started (its code, key and seed).
            let reading = try store.entries(party: party.id)
            var journal = HostJournal(store: store, party: party, entries: reading.entries,
                                      onProblem: { [logger] in logger.warning("\($0)", metadata: ["room": "\(code)"]) })
            journal.retryMilliseconds = retryMilliseconds
            _ = try open(valid, code: code, request: request, journal: journal)
            return true
        } catch {
            logger.error("room \(code) could not be resumed: \(error)")
            return false
        }
    }

    /// Stops serving `code`'s room here without ending its party (another node of the fleet holds
    /// it now): its journal is sealed, its connections close, its bots stop (the other node starts
    /// its own). Returns the inputs its journal had not written yet.
    @discardableResult
    public func handOver(code: String) async -> JournalBatch? {
        let unwritten = await server.abandon(code: code)
        let tasks = bots.withLock { $0.removeValue(forKey: code) ?? [] }
        tasks.forEach { $0.cancel() }
        return unwritten
    }

    /// The server listens on `port` at `host` (an address it bound; the loopback when it bound
    /// every address): the bots of rooms opened so far connect.
    public func listening(on port: Int, host: String = "127.0.0.1") {
        let port = HostAddress(host: host, port: port)
        self.port.withLock { $0 = port }
        let waiting = waitingBots.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        for (room, valid) in waiting { startBots(of: room, valid, port: port) }
    }

    /// The bots' names.
    static let botNames = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Margaret"]

    private func startBots(of room: ServedRoom, _ valid: ValidRoom, port address: HostAddress) {
        for index in 0..<valid.bots {
            let name = Self.botNames[index % Self.botNames.count]
            var bot = RoomBotRunner(address: address, name: name, seed: UInt64.random(in: 0...UInt64.max),
                                    code: nil, level: valid.botLevel, games: valid.games)
            bot.room = room.code
            bot.votes = botsVote
            bot.token = room.resumed?.seats.first { $0.isBot && $0.name == name }?.token
            let logger = self.logger
            let task = Task {
                do {
                    try await bot.run()
                } catch {
                    logger.info("bot \(name) left: \(error)", metadata: ["room": "\(room.code)"])
                }
            }
            bots.withLock { $0[room.code, default: []].append(task) }
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
