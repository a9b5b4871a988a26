/// Byte streams for the frame decoder: whole frames, several frames in one stream, and broken ones.
enum Streams {
    /// The 4-byte big-endian length, then the body.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        let n = UInt32(body.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + body
    }

    static func all(_ bodies: [(String, [UInt8])]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        // One frame per message type (the first body of each name prefix is enough).
        var seen = Set<String>()
        for (name, body) in bodies {
            let kind = String(name.split(separator: "-").first ?? "")
            guard kind == "edge" || seen.insert(kind).inserted else { continue }
            out.append(("frame-\(name)", frame(body)))
        }
        let hello = bodies.first { $0.0 == "hello" }!.1
        let ready = bodies.first { $0.0 == "ready" }!.1
        let leave = bodies.first { $0.0 == "leave" }!.1
        out.append(("stream-session", frame(hello) + frame(ready) + frame(Array(#"{"type":"heartbeat","seq":3}"#.utf8)) + frame(leave)))
        out.append(("stream-empty-frames", frame([]) + frame([]) + frame(Array("{}".utf8))))
        out.append(("stream-truncated-body", Array(frame(hello).dropLast(5))))
        out.append(("stream-header-only", [0, 0, 0, 9]))
        out.append(("stream-too-large", frame(ready) + [0, 1, 0, 1] + Array(repeating: 0x41, count: 16)))
        out.append(("stream-max-length-prefix", [0xFF, 0xFF, 0xFF, 0xFF] + ready))
        return out
    }
}
