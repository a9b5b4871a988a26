import PartyClient
import Testing

/// How partyclient reads a server's URL and `--connect … --room CODE`.
@Suite("WebSocket targets: URLs and room codes")
struct WebSocketTargetTests {
    @Test("a URL names the scheme, host, port and room; the room is /CODE/ws, no room is /ws", arguments: [
        ("https://party.example.org/ABCD", "wss://party.example.org/ABCD/ws", "https://party.example.org", 443),
        ("https://party.example.org/abcd/", "wss://party.example.org/ABCD/ws", "https://party.example.org", 443),
        ("HTTPS://party.example.org:8443/AbCd", "wss://party.example.org:8443/ABCD/ws", "https://party.example.org:8443", 8443),
        ("http://127.0.0.1:4711/ABCD", "ws://127.0.0.1:4711/ABCD/ws", "http://127.0.0.1:4711", 4711),
        ("http://party.example.org/ABCD", "ws://party.example.org/ABCD/ws", "http://party.example.org", 80),
        ("https://party.example.org/", "wss://party.example.org/ws", "https://party.example.org", 443),
        ("https://party.example.org", "wss://party.example.org/ws", "https://party.example.org", 443),
        ("wss://[::1]:9000/ABCD", "wss://[::1]:9000/ABCD/ws", "https://[::1]:9000", 9000),
        ("https://[::1]/", "wss://[::1]/ws", "https://[::1]", 443),
        (" https://party.example.org/ABCD ", "wss://party.example.org/ABCD/ws", "https://party.example.org", 443),
    ])
    func urls(text: String, webSocket: String, origin: String, port: Int) throws {
        let target = try WebSocketTarget(url: text)
        #expect(target.description == webSocket)
        #expect(target.origin == origin)
        #expect(target.address.port == port)
        #expect(target.secure == webSocket.hasPrefix("wss:"))
    }

    @Test("other schemes, paths and addresses are refused, saying what to type", arguments: [
        "party.example.org/ABCD", "ftp://party.example.org/ABCD", "https://", "https:///ABCD",
        "https://party.example.org/ABCD/tv", "https://party.example.org/ABCD?x=1", "https://party.example.org:0/ABCD",
        "https://party.example.org:99999/", "https://party.example.org:port/", "https://user@party.example.org/ABCD",
    ])
    func badURLs(text: String) {
        #expect(throws: ClientError.badURL(text)) { try WebSocketTarget(url: text) }
        #expect("\(ClientError.badURL(text))".contains("https://HOST/CODE"))
    }

    @Test("a room code in a URL or after --room is four letters A-Z, either case", arguments: [
        "ABC", "ABCDE", "AB1D", "ÄBCD", "AB D", "", "ab-c",
    ])
    func badCodes(code: String) {
        #expect(throws: ClientError.badRoomCode(code)) { try WebSocketTarget(address: HostAddress(host: "127.0.0.1", port: 4711), room: code) }
        if !code.isEmpty {
            #expect(throws: ClientError.badRoomCode(code)) { try WebSocketTarget(url: "https://party.example.org/\(code)") }
        }
    }

    @Test("--connect HOST:PORT --room code: plain WebSocket at /CODE/ws, Host and Origin with the port")
    func connectWithRoom() throws {
        let target = try WebSocketTarget(address: HostAddress(parsing: "127.0.0.1:4711"), room: "wxyz")
        #expect(target.description == "ws://127.0.0.1:4711/WXYZ/ws")
        #expect(target.path == "/WXYZ/ws")
        #expect(target.hostHeader == "127.0.0.1:4711")
        #expect(target.origin == "http://127.0.0.1:4711")
        #expect("\(ClientError.badRoomCode("AB1"))" == "\"AB1\" is not a room code: a room code is four letters A to Z, for example ABCD.")
    }
}
