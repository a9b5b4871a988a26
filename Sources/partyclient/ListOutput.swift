import Foundation
import PartyDiscovery
import PartyGames
import PartyShell

/// What `partyclient --list` prints.
enum ListOutput {
    /// One line a session: tab-separated columns (the address column lists every address), or
    /// (with `json`) one JSON object whose `addresses` are the browser's, in its order.
    static func render(_ services: [DiscoveredService], json: Bool) -> String {
        if json {
            return services.map { service in
                var object: [String: Any] = [
                    "name": service.instanceName, "host": service.hostName, "port": Int(service.port),
                    "addresses": service.addresses, "txt": service.txt,
                    // Where it was found: "local" (mDNS) or the wide-area DNS domain.
                    "domain": service.domain ?? "local", "wideArea": service.isWideArea,
                ]
                if let url = browserURL(service) { object["web"] = url }
                // A party room also says what it is doing: "party room, playing Snap!".
                if service.txt["room"] == "1" { object["room"] = SessionLobby.roomActivity(txt: service.txt, titles: titles) }
                let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
                return String(decoding: data, as: UTF8.self)
            }.joined(separator: "\n")
        }
        if services.isEmpty { return "No sessions found." }
        return services.map { service in
            let title = service.txt["room"] == "1" ? SessionLobby.roomActivity(txt: service.txt, titles: titles)
                : service.txt["title"] ?? service.txt["game"] ?? "?"
            // Every address, IPv4 first, IPv6 in brackets (`[fe80::1%eth0]:7777`), space-separated.
            let addresses = service.addresses.map { $0.contains(":") ? "[\($0)]:\(service.port)" : "\($0):\(service.port)" }
            let address = addresses.isEmpty ? "port \(service.port)" : addresses.joined(separator: " ")
            let code = service.txt["code"] == "1" ? "join code needed" : "no join code"
            let area = service.domain.map { "\twide-area \($0)" } ?? ""
            let web = browserURL(service).map { "\tbrowser \($0)" } ?? ""
            return "\(service.instanceName)\t\(title)\t\(service.txt["players"] ?? "?") players\t\(service.txt["state"] ?? "?")\t\(address)\t\(code)\(web)\(area)"
        }.joined(separator: "\n")
    }

    /// The page's address for a session that serves one (see `SessionLobby.browserURL`).
    static func browserURL(_ service: DiscoveredService) -> String? {
        SessionLobby.browserURL(service)
    }

    /// The titles of this build's games, by id.
    static var titles: [String: String] {
        Dictionary(GameCatalog.all.map { ($0.descriptor.id, $0.descriptor.title) }, uniquingKeysWith: { a, _ in a })
    }
}
