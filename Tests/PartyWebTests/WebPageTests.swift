import PartyTestSupport
import Foundation
import Testing
@testable import PartyWeb

/// The browser client's files: built in exactly as they are in Web/ and Games/*/Web/, linked only to
/// each other, and never putting text into the page as HTML.
@Suite("The built-in browser client")
struct WebPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    // That Sources/PartyWeb/Generated/ is current (what new-game --sync makes of Web/ and the
    // games' Web/ folders) is checked in PartyScaffoldTests' RepositoryTests.

    @Test("every file is served byte for byte as it is on disk, with its type")
    func filesMatchTheirSources() throws {
        var sources: [String: URL] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Web").path) {
            sources["/" + name] = Self.root.appendingPathComponent("Web/\(name)")
        }
        sources["/"] = sources["/index.html"]
        sources["/tv"] = sources["/tv.html"]
        let games = Self.root.appendingPathComponent("Games")
        for game in try FileManager.default.contentsOfDirectory(atPath: games.path) {
            let web = games.appendingPathComponent("\(game)/Web")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: web.path)) ?? [] {
                sources["/games/" + name] = web.appendingPathComponent(name)
            }
        }
        for (path, asset) in WebAssets.builtIn.byPath where path != "/presenters.js" {
            let file = try #require(sources[path], "\(path) has no source file")
            #expect(asset.body == Array(try Data(contentsOf: file)), "\(path)")
        }
        for path in sources.keys where path.hasSuffix(".js") || path.hasSuffix(".html") || path.hasSuffix(".css") {
            #expect(WebAssets.builtIn[path] != nil, "\(path) is not built in")
        }
        #expect(WebAssets.builtIn["/app.js"]?.contentType == "text/javascript; charset=utf-8")
        #expect(WebAssets.builtIn["/style.css"]?.contentType == "text/css; charset=utf-8")
        #expect(WebAssets.builtIn["/tv"]?.contentType == "text/html; charset=utf-8")
    }

    @Test("every game with a web presenter is listed in /presenters.js")
    func presentersAreListed() throws {
        let manifest = try #require(WebAssets.builtIn["/presenters.js"]).body
        let text = String(decoding: manifest, as: UTF8.self)
        for id in ["fourinarow", "twentyfour", "snap", "rps", "suntouch"] {
            #expect(text.contains("from \"/games/\(id).js\""), "\(id)")
            #expect(text.contains("\"\(id)\": "), "\(id)")
            // The TV's presenter is loaded by /tv when it asks, never with a phone's page.
            #expect(text.contains("\"\(id)\": () => import(\"/games/\(id)-tv.js\")"), "\(id)'s TV presenter")
            #expect(!text.contains("from \"/games/\(id)-tv.js\""), "a phone's page imports \(id)'s TV presenter")
        }
    }

    @Test("pages load only the host's own files (no other site, no inline script or style)")
    func onlyOwnFiles() throws {
        let pattern = try Regex(#"(?:src|href)="([^"]*)"|from "([^"]*)"|import\("([^"]*)"\)"#)
        for (path, asset) in WebAssets.builtIn.byPath {
            let text = String(decoding: asset.body, as: UTF8.self)
            for match in text.matches(of: pattern) {
                let target = (match.output[1].substring ?? match.output[2].substring ?? match.output[3].substring).map(String.init) ?? ""
                let absolute = target.hasPrefix("./") ? "/" + target.dropFirst(2) : target
                #expect(WebAssets.builtIn[absolute] != nil || absolute == JoinQR.path, "\(path) refers to \(target), which the host does not serve")
            }
            #expect(!text.contains("https://") && !text.contains("//cdn"), "\(path) loads something from elsewhere")
            if path.hasSuffix(".html") || path == "/" || path == "/tv" {
                let handler = try Regex(#" on[a-z]+="#)
                #expect(!text.contains("<script>") && !text.contains("style=\""), "\(path) has inline code or style")
                #expect(text.firstMatch(of: handler) == nil, "\(path) has an inline event handler")
            }
        }
    }

    @Test("no script puts text into the page as HTML")
    func textOnly() throws {
        for (path, asset) in WebAssets.builtIn.byPath where path.hasSuffix(".js") {
            let text = String(decoding: asset.body, as: UTF8.self)
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "DOMParser"] {
                #expect(!text.contains(sink), "\(path) uses \(sink)")
            }
        }
    }

    @Test("/join.svg is the QR code of the address the browser used", arguments: [
        ("192.168.1.5:7777", "http://192.168.1.5:7777/"), ("[fd00::5]:7777", "http://[fd00::5]:7777/"),
        ("party.local:80", "http://party.local:80/"), ("party.local", "http://party.local:80/"),
    ])
    func joinCode(host: String, url: String) throws {
        #expect(JoinQR.url(host: host) == url)
        let svg = try #require(JoinQR.svg(host: host))
        let code = try QRCode(encoding: url)
        #expect(svg.contains("<title>\(url)</title>"))
        // The image's dark squares are exactly the code's dark modules.
        var dark = Set<Int>()
        for match in svg.matches(of: try Regex(#"M(\d+) (\d+)h1v1h-1z"#)) {
            let x = Int(match.output[1].substring!)! - QRCode.quietZone
            let y = Int(match.output[2].substring!)! - QRCode.quietZone
            dark.insert(y * code.size + x)
        }
        #expect(dark == Set(code.modules.indices.filter { code.modules[$0] }))
        if ZBar.available {
            #expect(try ZBar.decode(pbm: ZBar.pbm(size: code.size) { x, y in
                x >= 0 && y >= 0 && x < code.size && y < code.size && dark.contains(y * code.size + x)
            }) == url)
        }
    }

    @Test("/join.svg refuses Host values that are not a host and port", arguments: [
        "", "a b:1", "<script>:80", "host:port", "fe80::1", "[fe80::1]:80", "[::1:80", "x:99999",
    ])
    func joinCodeRefuses(host: String) {
        #expect(JoinQR.svg(host: host) == nil)
    }
}
