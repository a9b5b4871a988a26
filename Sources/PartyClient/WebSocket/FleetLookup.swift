import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Asks a party server which nodes its fleet has (`GET /api/fleet`, docs/PROTOCOL.md section 19):
/// where a client of one of its rooms may carry on when the node it used dies.
enum FleetLookup {
    /// The largest answer read.
    static let maxBody = 64 * 1024

    /// The room's WebSocket at each node `target`'s server lists (its own first, as listed); nil
    /// when it lists none or cannot be asked within `timeout`.
    static func targets(of target: WebSocketTarget, timeout: Duration = .seconds(5)) async -> [WebSocketTarget]? {
        guard let room = target.room, let origins = try? await origins(of: target, timeout: timeout) else { return nil }
        let targets = origins.compactMap { origin -> WebSocketTarget? in
            guard var node = try? WebSocketTarget(url: "\(origin)/\(room)") else { return nil }
            node.caFile = target.caFile
            return node
        }
        return targets.isEmpty ? nil : targets
    }

    /// The origins in `target`'s server's `/api/fleet`.
    static func origins(of target: WebSocketTarget, timeout: Duration) async throws -> [String] {
        let tls = try target.secure ? NIOSSLContext(configuration: WebSocketConnector.tlsConfiguration(target)) : nil
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(timeout.wholeMilliseconds))
            .connect(host: target.address.host, port: target.address.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let name = ConnectionRace.literal(target.address.host, port: 0) == nil ? target.address.host : nil
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        // No whole answer in time: close, which ends the reading below.
        let deadline = channel.channel.eventLoop.scheduleTask(in: .milliseconds(timeout.wholeMilliseconds)) {
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        let (status, body) = try await channel.executeThenClose { inbound, outbound in
            let headers = HTTPHeaders([("Host", target.hostHeader), ("Accept", "application/json"), ("Connection", "close")])
            try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/api/fleet", headers: headers)))
            try await outbound.write(.end(nil))
            var status = 0
            var body = ByteBuffer()
            reading: for try await part in inbound {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(var chunk):
                    guard body.readableBytes + chunk.readableBytes <= maxBody else { break reading }
                    body.writeBuffer(&chunk)
                case .end: break reading
                }
            }
            return (status, body)
        }
        struct Fleet: Decodable { var nodes: [String] }
        guard status == 200, let fleet = try? JSONDecoder().decode(Fleet.self, from: Data(body.readableBytesView)) else { return [] }
        return fleet.nodes
    }
}
