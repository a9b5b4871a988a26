import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

/// Gzips an asset once, at start-up, with swift-nio-extras' zlib-backed `HTTPResponseCompressor`
/// (the only public door to its compressor): a request that accepts gzip and one complete response
/// go through the handler on an `EmbeddedChannel`, and the body that comes out is the gzip stream.
/// Doing it once per asset keeps per-request work to a table lookup.
enum GzipEncoder {
    /// `bytes` as a gzip stream (RFC 1952), or nil if the compressor did not answer as expected.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        let channel = EmbeddedChannel(handler: HTTPResponseCompressor())
        defer { _ = try? channel.finish() }
        var headers = HTTPHeaders()
        headers.add(name: "Accept-Encoding", value: "gzip")
        do {
            try channel.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: headers)))
            var head = HTTPResponseHead(version: .http1_1, status: .ok)
            head.headers.add(name: "Content-Length", value: String(bytes.count))
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))), promise: nil)
            channel.write(HTTPServerResponsePart.end(nil), promise: nil)
            channel.flush()
            guard case let .head(out)? = try channel.readOutbound(as: HTTPServerResponsePart.self),
                  out.headers["Content-Encoding"].first == "gzip" else { return nil }
            var result: [UInt8] = []
            while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
                if case let .body(.byteBuffer(buffer)) = part { result += Array(buffer: buffer) }
            }
            return result.isEmpty ? nil : result
        } catch {
            return nil
        }
    }
}
