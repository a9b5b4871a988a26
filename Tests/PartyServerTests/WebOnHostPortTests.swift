import FourInARow
import NIOCore
import PartyServer
import Testing

/// The host's one port also serves the browser: HTTP for the page, WebSocket for the same session.
@Suite("The host's port serves the page and WebSocket players", .timeLimit(.minutes(2)))
struct WebOnHostPortTests {
    @Test("GET / on the host's port answers the page with its security headers")
    func servesThePage() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { client in
                try await client.sendBytes(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
                let text = try await client.readText { _, closed in closed }
                #expect(text.hasPrefix("HTTP/1.1 200 OK"), "\(text.prefix(200))")
                #expect(text.contains("Content-Security-Policy: default-src 'self'"))
                #expect(text.contains("<!doctype html>"))
            }
        }
    }

    @Test("a WebSocket client says hello in a text message and is welcomed into the session, beside a framed client")
    func webSocketJoins() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { framed in
                try await framed.hello("Ann")
                #expect(try await framed.next("welcome") != nil)
                try await RawClient.with(port: port) { web in
                    try await web.sendBytes(Array(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                        + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        + "Origin: http://127.0.0.1:\(port)\r\n\r\n").utf8))
                    let head = try await web.readText { text, _ in text.contains("\r\n\r\n") }
                    #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
                    let hello = #"{"type":"hello","seq":1,"protocol":1,"client":"test","clientVersion":"1","name":"Bea"}"#
                    try await web.sendBytes(Self.maskedText(hello))
                    let welcome = try await web.readText { text, closed in closed || text.contains("\"lobby\"") }
                    #expect(welcome.contains("\"type\":\"welcome\""), "\(welcome)")
                    #expect(welcome.contains("\"name\":\"Bea\""))
                }
            }
        }
    }

    /// A masked client text frame (payload under 126 bytes).
    static func maskedText(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        precondition(payload.count < 126)
        let mask: [UInt8] = [1, 2, 3, 4]
        return [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }
}

extension RawClient {
    /// Reads raw bytes (as Latin-1-ish text, frames unparsed) until `done` says so or the host closes.
    mutating func readText(until done: (String, Bool) -> Bool) async throws -> String {
        while true {
            let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
            if done(text, false) { return text }
            guard var more = try await inbound.next() else { return String(decoding: buffer.readableBytesView, as: UTF8.self) }
            buffer.writeBuffer(&more)
        }
    }
}
