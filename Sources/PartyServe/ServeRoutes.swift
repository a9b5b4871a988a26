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
public struct ServeRoutes: WebRoutes {
    let host: ServeHost
    let assets: WebAssets
    let metrics: ServeMetrics?

    /// Routes for `host`'s server, pages from `assets`, `/metrics` from `metrics` (none: `404`).
    public init(host: ServeHost, assets: WebAssets, metrics: ServeMetrics? = nil) {
        self.host = host
        self.assets = assets
        self.metrics = metrics
    }

    public func isWebSocket(path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count == 2 && parts[1] == "ws" && RoomCode.normalized(parts[0]) != nil
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
            return .json(.ok, Array("{\"status\":\"ok\",\"rooms\":\(host.server.liveRooms.count)}\n".utf8))
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
                guard page == "join.svg" else { return assets[page].map(WebAnswer.asset) ?? .text(.notFound, "404 Not Found\n") }
                let origin = host.server.options.publicOrigin ?? "http://" + (request.headers["Host"].first ?? "localhost")
                guard let svg = JoinQR.svg(url: origin + "/" + room.code) else { return .text(.notFound, "404 Not Found\n") }
                return WebAnswer(status: .ok, contentType: "image/svg+xml", body: Array(svg.utf8))
            }
        default:
            return nil
        }
    }

    /// The visitor's address: behind a trusted proxy, the one it forwarded.
    func clientAddress(_ request: WebRequest) -> String {
        guard host.server.options.trustedProxies.contains(request.peerAddress),
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
        } catch {
            return .json(.serviceUnavailable, Self.json(["error": "The party could not be started: \(error)."]))
        }
    }

    static func json(_ object: [String: String]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(object)).map { Array($0) } ?? []) + [10]
    }
}
