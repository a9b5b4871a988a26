import Foundation
import PartyDiscovery

/// What `partyclient --list` prints.
enum ListOutput {
    /// One line a session: tab-separated columns, or (with `json`) one JSON object.
    static func render(_ services: [DiscoveredService], json: Bool) -> String {
        if json {
            return services.map { service in
                let object: [String: Any] = [
                    "name": service.instanceName, "host": service.hostName, "port": Int(service.port),
                    "addresses": service.addresses, "txt": service.txt,
                ]
                let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
                return String(decoding: data, as: UTF8.self)
            }.joined(separator: "\n")
        }
        if services.isEmpty { return "No sessions found." }
        return services.map { service in
            let title = service.txt["title"] ?? service.txt["game"] ?? "?"
            let address = service.addresses.first.map { "\($0):\(service.port)" } ?? "port \(service.port)"
            let code = service.txt["code"] == "1" ? "join code needed" : "no join code"
            return "\(service.instanceName)\t\(title)\t\(service.txt["players"] ?? "?") players\t\(service.txt["state"] ?? "?")\t\(address)\t\(code)"
        }.joined(separator: "\n")
    }
}
