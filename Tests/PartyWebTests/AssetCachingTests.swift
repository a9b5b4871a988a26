import Foundation
import NIOHTTP1
import PartyTestSupport
import Testing
@testable import PartyWeb

/// The table's files with entity tags, `304 Not Modified` and gzip, over real loopback sockets.
@Suite("Assets: ETag, 304 and gzip")
struct AssetCachingTests {
    /// The answers to `requests`, sent pipelined on one connection (`head`: HEAD answers, no bodies).
    static func answers(_ requests: [String], head: Bool = false) async throws -> [RawResponse] {
        let server = try await TestServer.start()
        let client = try await RawClient.connect(to: server)
        try await client.send(requests.joined())
        func parsed(_ bytes: [UInt8]) -> [RawResponse] {
            var rest = bytes
            var out: [RawResponse] = []
            while let response = RawResponse.parse(rest, head: head) {
                out.append(response)
                rest = response.rest
            }
            return out
        }
        await client.wait { bytes, closed in closed || parsed(bytes).count >= requests.count }
        let responses = parsed(client.received.bytes)
        await client.close()
        try await server.stop()
        return responses
    }

    static func get(_ path: String, _ headers: String = "", method: String = "GET") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: h\r\n\(headers)\r\n"
    }

    /// `bytes` through `gzip -dc`: an independent decoder of what the host sent.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let child = try Spawned("gzip", ["-dc"], stdin: .pipe, stdout: .pipe, stderr: .inherit)
        let writer = child.input
        // Written on a thread of its own: gzip writes what it unpacked while it reads.
        Thread {
            try? writer?.write(contentsOf: Data(bytes))
            child.closeInput()
        }.start()
        let data = Spawned.readAll(child.output)
        #expect(child.wait() == 0)
        return Array(data)
    }

    @Test func aBrowserThatTakesGzipGetsItAndItUnpacksToTheFile() async throws {
        let asset = try #require(WebAssets.builtIn["/app.js"])
        let responses = try await Self.answers([Self.get("/app.js", "Accept-Encoding: gzip, deflate, br\r\n")])
        let response = try #require(responses.first)
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.header("Vary") == "Accept-Encoding")
        #expect(response.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.body.count < asset.body.count)
        #expect(try Self.gunzip(response.body) == asset.body)
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("-gzip\""))
    }

    @Test(arguments: ["", "Accept-Encoding: identity\r\n", "Accept-Encoding: gzip;q=0, deflate\r\n", "Accept-Encoding: *;q=0\r\n"])
    func withoutGzipTheFileComesAsItIs(header: String) async throws {
        let asset = try #require(WebAssets.builtIn["/style.css"])
        let response = try #require(try await Self.answers([Self.get("/style.css", header)]).first)
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.header("Vary") == "Accept-Encoding")
        #expect(response.body == asset.body)
        #expect(response.header("ETag") == asset.etag)
    }

    @Test func headTellsTheGzippedLength() async throws {
        let asset = try #require(WebAssets.builtIn["/"])
        let response = try #require(try await Self.answers([Self.get("/", "Accept-Encoding: gzip\r\n", method: "HEAD")], head: true).first)
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.header("Content-Length") == asset.gzipped.map { String($0.count) })
        #expect(response.header("ETag") == asset.gzipEtag)
        #expect(response.rest.isEmpty)
    }

    @Test func aCurrentCopyIsAnswered304WithoutABodyAndTheConnectionGoesOn() async throws {
        let first = try #require(try await Self.answers([Self.get("/lobby.js", "Accept-Encoding: gzip\r\n")]).first)
        let gzipTag = try #require(first.header("ETag"))
        let plainTag = try #require(WebAssets.builtIn["/lobby.js"]?.etag)
        let responses = try await Self.answers([
            Self.get("/lobby.js", "Accept-Encoding: gzip\r\nIf-None-Match: \(gzipTag)\r\n"),
            Self.get("/lobby.js", "If-None-Match: \"other\", W/\(plainTag)\r\n"),
            Self.get("/lobby.js", "If-None-Match: *\r\n"),
            // The gzip tag is not the plain file's: a browser without gzip gets the file.
            Self.get("/lobby.js", "If-None-Match: \(gzipTag)\r\n"),
            Self.get("/lobby.js", "Accept-Encoding: gzip\r\nIf-None-Match: \"0000000000000000\"\r\n"),
        ])
        #expect(responses.map(\.status) == [304, 304, 304, 200, 200])
        for response in responses.prefix(3) {
            #expect(response.body.isEmpty)
            #expect(response.header("Content-Length") == nil)
            #expect(response.header("Content-Encoding") == nil)
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("Vary") == "Accept-Encoding")
            #expect(response.header("Connection") == "keep-alive")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
        #expect(responses[0].header("ETag") == gzipTag)
        #expect(responses[1].header("ETag") == plainTag)
        #expect(responses[3].body == WebAssets.builtIn["/lobby.js"]?.body)
        #expect(responses[4].header("Content-Encoding") == "gzip")
    }

    @Test func theJoinCodeIsMadePerRequestSoItHasNoTag() async throws {
        let response = try #require(try await Self.answers([Self.get("/join.svg", "Accept-Encoding: gzip\r\nIf-None-Match: *\r\n")]).first)
        #expect(response.status == 200)
        #expect(response.header("ETag") == nil)
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test func everyFileOfTheTableHasATagAndGzipWhenItHelps() throws {
        for (path, asset) in WebAssets.builtIn.byPath {
            let etag = try #require(asset.etag, "\(path)")
            #expect(etag.count == 18 && etag.hasPrefix("\"") && etag.hasSuffix("\""), "\(path)")
            if let gzipped = asset.gzipped { #expect(gzipped.count < asset.body.count, "\(path)") }
        }
        #expect(WebAssets.builtIn["/app.js"]?.gzipped != nil)
        // A different file, a different tag.
        #expect(Set(WebAssets.builtIn.byPath.values.compactMap(\.etag)).count == Set(WebAssets.builtIn.byPath.values.map(\.body)).count)
    }

    @Test func theFaviconIsServedAndBothPagesLinkIt() async throws {
        let response = try #require(try await Self.answers([Self.get("/favicon.svg")]).first)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/svg+xml")
        #expect(response.text.contains("<svg"))
        for page in ["/", "/tv"] {
            let text = String(decoding: try #require(WebAssets.builtIn[page]).body, as: UTF8.self)
            #expect(text.contains(#"<link rel="icon" href="/favicon.svg" type="image/svg+xml">"#), "\(page)")
        }
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=0.5", true), ("*", true),
        ("br;q=1, *;q=0.1", true), ("", false), ("identity", false), ("gzip;q=0", false), ("gzip;q=0.000", false),
        ("*;q=0", false), ("*, gzip;q=0", false), ("gzip;q=nonsense", false), ("deflate", false),
    ])
    func acceptEncodingIsRead(value: String, gzip: Bool) {
        var headers = HTTPHeaders()
        if !value.isEmpty { headers.add(name: "Accept-Encoding", value: value) }
        #expect(HTTPNegotiation.acceptsGzip(headers) == gzip, "\(value)")
    }

    @Test(arguments: [
        ("\"abc\"", true), ("W/\"abc\"", true), ("\"x\", \"abc\"", true), ("*", true), ("\"x\",\"abc\"", true),
        ("\"abcd\"", false), ("abc", false), ("\"ab", false), ("", false), ("\"a,b\", \"x\"", false),
    ])
    func ifNoneMatchIsRead(value: String, matches: Bool) {
        var headers = HTTPHeaders()
        headers.add(name: "If-None-Match", value: value)
        #expect(HTTPNegotiation.notModified(headers, etag: "\"abc\"") == matches, "\(value)")
    }
}
