import Foundation
import NIOHTTP1
import NIOPosix
@testable import PartyServe
import PartyServer
import PartyWeb
import Prometheus
import Testing

/// The party server's HTTP paths, answered on the server's loop as a connection's would be.
@Suite("A party server's HTTP paths", .timeLimit(.minutes(2)))
struct ServeRoutesTests {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    func ask(_ serve: ServeHarness, _ routes: ServeRoutes, _ method: HTTPMethod, _ path: String, body: String = "",
             from address: String = "198.51.100.7") async throws -> WebAnswer? {
        let request = WebRequest(method: method, path: path, uri: path, headers: HTTPHeaders([("Host", "party.test")]),
                                 body: Array(body.utf8), peerAddress: address)
        return try await serve.server.loop.submit { routes.answer(request) }.get()
    }

    func text(_ answer: WebAnswer?) -> String {
        answer.map { String(decoding: $0.body, as: UTF8.self) } ?? "(none)"
    }

    @Test("start a room, look it up, open its pages; bad requests get a sentence; metrics count it")
    func startAndFind() async throws {
        let serve = try await ServeHarness.start(loop: group.next()) { $0.roomsPerAddressPerHour = 2 }
        let metrics = ServeMetrics(registry: PrometheusCollectorRegistry())
        let routes = ServeRoutes(host: serve.host, assets: .builtIn, metrics: metrics)
        #expect(try await ask(serve, routes, .POST, "/api/rooms", body: "garbage")?.status == .badRequest)
        let unknown = try await ask(serve, routes, .POST, "/api/rooms", body: #"{"games":["chess"]}"#)
        #expect(unknown?.status == .badRequest)
        #expect(text(unknown).contains("There is no game \\\"chess\\\""), "\(text(unknown))")
        #expect(try await ask(serve, routes, .POST, "/api/rooms", body: #"{"bots":9}"#)?.status == .badRequest)
        let started = try await ask(serve, routes, .POST, "/api/rooms", body: #"{"name":"Ann's party","games":["rps"]}"#)
        #expect(started?.status == .created)
        let room = try JSONDecoder().decode(ServeHost.Started.self, from: Data(started?.body ?? []))
        #expect(room.name == "Ann's party")
        #expect(started?.headers.contains { $0 == ("Location", "/\(room.code)") } == true)
        #expect(try await ask(serve, routes, .GET, "/api/rooms/\(room.code.lowercased())")?.status == .ok)
        let page = try await ask(serve, routes, .GET, "/\(room.code)")
        #expect(page?.status == .ok && page?.contentType.hasPrefix("text/html") == true)
        #expect(try await ask(serve, routes, .GET, "/\(room.code)/tv")?.status == .ok)
        let qr = try await ask(serve, routes, .GET, "/\(room.code)/join.svg")
        #expect(text(qr).contains("http://party.test/\(room.code)"))
        // The address's second room this hour is its last.
        #expect(try await ask(serve, routes, .POST, "/api/rooms", body: "{}")?.status == .created)
        let third = try await ask(serve, routes, .POST, "/api/rooms", body: "{}")
        #expect(third?.status == .tooManyRequests, "\(text(third))")
        // Another address is not held back by this one.
        #expect(try await ask(serve, routes, .POST, "/api/rooms", body: "{}", from: "203.0.113.5")?.status == .created)
        let scraped = text(try await ask(serve, routes, .GET, "/metrics"))
        #expect(scraped.contains("partyhost_rooms 3.0"), "\(scraped)")
        #expect(try await ask(serve, routes, .GET, "/healthz")?.status == .ok)
        #expect(try await ask(serve, routes, .GET, "/app.js") == nil)
        await serve.stop()
    }

    @Test("a code no room has: the same 404 as any other; an address that keeps guessing is slowed, then refused")
    func guessing() async throws {
        let serve = try await ServeHarness.start(loop: group.next())
        let routes = ServeRoutes(host: serve.host, assets: .builtIn)
        let first = try await ask(serve, routes, .GET, "/api/rooms/WXYZ")
        let page = try await ask(serve, routes, .GET, "/WXYZ")
        #expect(first?.status == .notFound && page?.status == .notFound)
        #expect(text(first) == text(page))
        var delays: [Int64] = []
        var last: WebAnswer?
        for _ in 0..<25 {
            last = try await ask(serve, routes, .GET, "/api/rooms/WXYZ")
            delays.append(last?.delayMilliseconds ?? -1)
            if last?.status == .tooManyRequests { break }
        }
        #expect(last?.status == .tooManyRequests, "\(delays)")
        #expect(delays.contains { $0 > 0 }, "\(delays)")
        #expect(last?.headers.contains { $0.0 == "Retry-After" } == true)
        // Refused even for a code that exists, until the lockout ends; others are not.
        let real = try serve.host.start(RoomRequest(), from: "127.0.0.1")
        #expect(try await ask(serve, routes, .GET, "/api/rooms/\(real.code)")?.status == .tooManyRequests)
        #expect(try await ask(serve, routes, .GET, "/api/rooms/\(real.code)", from: "203.0.113.5")?.status == .ok)
        await serve.stop()
    }
}
