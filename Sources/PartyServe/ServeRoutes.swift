import Foundation
import PartyGames
import PartyServer
import PartyWeb

/// The party server's own HTTP paths: the front page, the rooms' pages by code, the room API,
/// health. Everything else (scripts, styles) comes from the asset table.
///
/// - `GET /`: the front page (Start a party, Join).
/// - `POST /api/rooms`: starts a room (a `RoomRequest` as JSON); `201` with `{code, name, key}`.
/// - `GET /api/rooms/ABCD`: `200 {code, name}` for a live room, else `404` (the same for every
///   code no live room has); an address that guesses is slowed, then refused (`429`).
/// - `GET /ABCD`, `/ABCD/tv`: the room's phone and TV pages; `/ABCD/join.svg`: its QR code.
/// - `GET /api/games`: the games a room may have (`[{id, title}]`).
/// - `GET /healthz`: `200` with the number of rooms; `GET /metrics`: Prometheus' text format.
/// - `GET /api/fleet`: `{"nodes": [origins]}`, the public origins of the fleet's live nodes, this
///   one's first (a server of its own: its own origin only); any page may read it (CORS `*`).
///
/// A page from another node of the fleet (alive now or within the last day) may open this server's
/// WebSockets (`allowsOrigin`): a phone whose node died carries on through this one, staying at its page.
public struct ServeRoutes: WebRoutes {
    let host: ServeHost
    let assets: WebAssets
    let metrics: ServeMetrics?
    /// A fleet node's lease and figures, for `/healthz` (nil: a server of its own).
    let health: (any NodeHealth)?

    /// Routes for `host`'s server, pages from `assets`, `/metrics` from `metrics` (none: `404`),
    /// a fleet node's state in `/healthz` from `health`.
    public init(host: ServeHost, assets: WebAssets, metrics: ServeMetrics? = nil, health: (any NodeHealth)? = nil) {
        self.host = host
        self.assets = assets
        self.metrics = metrics
        self.health = health
    }

    public func isWebSocket(path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count == 2 && parts[1] == "ws" && RoomCode.normalized(parts[0]) != nil
    }

    public func allowsOrigin(_ origin: String) -> Bool {
        health?.fleetAdmits(origin: origin) ?? false
    }

    public func answer(_ request: WebRequest) -> WebAnswer? {
        let address = clientAddress(request)
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (request.method, parts.count) {
        case (.GET, 0), (.HEAD, 0):
            return assets["/serve.html"].map(WebAnswer.asset)
        case (.GET, 2) where parts == ["api", "games"]:
            let games = GameCatalog.all.map { ["id": $0.descriptor.id, "title": $0.descriptor.title] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return .json(.ok, ((try? encoder.encode(games)).map { Array($0) } ?? []) + [10])
        case (.GET, 1) where parts[0] == "metrics":
            guard let metrics else { return .text(.notFound, "404 Not Found\n") }
            return WebAnswer(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8",
                             body: metrics.scrape(host.server.census()))
        case (.GET, 1) where parts[0] == "healthz":
            guard let health else {
                return .json(.ok, Array("{\"status\":\"ok\",\"rooms\":\(host.server.liveRooms.count)}\n".utf8))
            }
            // A node without a current lease serves no room: 503, so that a load balancer sends nobody here.
            let serving = health.serving
            let body = "{\"status\":\"\(serving ? "ok" : "no-lease")\",\"rooms\":\(host.server.liveRooms.count),\(health.healthMembers())}\n"
            return .json(serving ? .ok : .serviceUnavailable, Array(body.utf8))
        case (.GET, 2) where parts == ["api", "fleet"]:
            return fleet(request)
        case (.POST, 2) where parts == ["api", "rooms"]:
            return startRoom(request, address: address)
        case (.GET, 3) where parts[0] == "api" && parts[1] == "rooms":
            return lookUp(parts[2], address: address) { room in
                .json(.ok, Self.json(["code": room.code, "name": room.name]))
            }
        case (.GET, 1), (.HEAD, 1), (.GET, 2), (.HEAD, 2):
            guard RoomCode.normalized(parts[0]) != nil else { return nil }
            let page: String
            switch parts.count == 2 ? parts[1] : "" {
            case "": page = "/index.html"
            case "tv": page = "/tv.html"
            case "join.svg": page = "join.svg"
            default: return nil
            }
            return lookUp(parts[0], address: address) { room in
                guard page == "join.svg" else { return roomPage(page) }
                let origin = host.server.options.publicOrigin ?? "http://" + (request.headers["Host"].first ?? "localhost")
                guard let svg = JoinQR.svg(url: origin + "/" + room.code) else { return .text(.notFound, "404 Not Found\n") }
                // A fleet's room pages show the QR code of the node that serves the room now,
                // which may not be theirs: a picture of a public address may load anywhere.
                return WebAnswer(status: .ok, contentType: "image/svg+xml", body: Array(svg.utf8),
                                 headers: [("Cross-Origin-Resource-Policy", "cross-origin")])
            }
        default:
            return nil
        }
    }

    /// `{"nodes": [...]}`: the fleet's live nodes' origins, this node's first; a server of its own
    /// (or a node before its first sweep) names itself: its public origin, else the address asked.
    func fleet(_ request: WebRequest) -> WebAnswer {
        var nodes = health?.fleetOrigins() ?? []
        if nodes.isEmpty {
            nodes = [host.server.options.publicOrigin ?? "http://" + (request.headers["Host"].first ?? "localhost").lowercased()]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = ((try? encoder.encode(["nodes": nodes])).map { Array($0) } ?? []) + [10]
        return .json(.ok, body, headers: [("Access-Control-Allow-Origin", "*")])
    }

    /// A room's phone or TV page; in a fleet the page may also connect to the other nodes (its
    /// WebSocket moves to one when its own node dies).
    func roomPage(_ page: String) -> WebAnswer {
        guard var answer = assets[page].map(WebAnswer.asset) else { return .text(.notFound, "404 Not Found\n") }
        let nodes = health?.fleetOrigins() ?? []
        if nodes.count > 1 { answer.headers.append(("Content-Security-Policy", ContentSecurityPolicy.connecting(to: nodes))) }
        return answer
    }

    /// The visitor's address: behind a trusted proxy, the one it forwarded.
    func clientAddress(_ request: WebRequest) -> String {
        guard host.server.believesForwarding(from: request.peerAddress),
              let forwarded = WebSocketOpening.lastForwarded(request.headers) else { return request.peerAddress }
        return forwarded
    }

    /// Answers for the live room with `code`, or the same "no such party" for every other code.
    func lookUp(_ code: String, address: String, _ found: (ServedRoom) -> WebAnswer) -> WebAnswer {
        switch host.server.lookUp(code, for: address) {
        case .found(let room):
            return found(room)
        case .none(let delay):
            return .json(.notFound, Self.json(["error": "No party has that code; check the four letters and try again."]),
                         delayMilliseconds: delay)
        case .refused(let seconds):
            return .json(.tooManyRequests, Self.json(["error": "Too many wrong codes from your address; try again in \(seconds) seconds."]),
                         headers: [("Retry-After", "\(seconds)")])
        }
    }

    func startRoom(_ request: WebRequest, address: String) -> WebAnswer {
        let parsed: RoomRequest
        do {
            parsed = try JSONDecoder().decode(RoomRequest.self, from: Data(request.body))
        } catch {
            return .json(.badRequest, Self.json(["error": RoomRequestError.unreadable(detail: "expected a JSON object").description]))
        }
        // A fleet node that has lost its lease (its database unreachable) starts nothing it could not keep.
        if let health, !health.serving {
            return .json(.serviceUnavailable, Self.json(["error": Self.cannotStart]), headers: [("Retry-After", "30")])
        }
        do {
            let started = try host.start(parsed, from: address)
            ServeMetrics.roomsStarted.increment()
            let body = (try? JSONEncoder().encode(started)).map { Array($0) } ?? []
            return .json(.created, body, headers: [("Location", "/" + started.code)])
        } catch let error as RoomRequestError {
            return .json(.badRequest, Self.json(["error": error.description]))
        } catch let error as StartRefusal {
            return .json(.tooManyRequests, Self.json(["error": error.description]), headers: [("Retry-After", "3600")])
        } catch let error as ServeError {
            return .json(.serviceUnavailable, Self.json(["error": error.description]), headers: [("Retry-After", "60")])
        } catch let error as JournalError {
            host.logger.warning("a room could not be started: \(error)")
            return .json(.serviceUnavailable, Self.json(["error": Self.cannotStart]), headers: [("Retry-After", "30")])
        } catch {
            return .json(.serviceUnavailable, Self.json(["error": "The party could not be started: \(error)."]))
        }
    }

    /// What a visitor is told when the rooms' journal (a fleet's database) cannot take a new party.
    static let cannotStart = "The service cannot start new parties right now (its database cannot be reached); parties already on go on. Try again in a minute."

    static func json(_ object: [String: String]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(object)).map { Array($0) } ?? []) + [10]
    }
}
