import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 keep-alive client on a plain socket that starts rooms with `POST /api/rooms`.
final class RoomHTTP {
    let fd: Int32
    var pending: [UInt8] = []

    /// Connects to `host` (an IPv4 address):`port`.
    init(host: String = "127.0.0.1", port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw LoadError.child("connect to \(host):\(port): errno \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Starts one room and returns its code.
    func startRoom(name: String, game: String) throws -> String {
        let body = #"{"name":"\#(name)","games":["\#(game)"],"bots":0,"botLevel":"easy"}"#
        let request = "POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: keep-alive\r\n\r\n" + body
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw LoadError.child("write: errno \(errno)") }
            sent += n
        }
        let (status, answer) = try readResponse()
        guard status == 201, let range = answer.range(of: #""code":""#) else {
            throw LoadError.child("POST /api/rooms: \(status) \(answer)")
        }
        return String(answer[range.upperBound...].prefix(4))
    }

    /// Reads one response: its status and its body (by Content-Length).
    func readResponse() throws -> (Int, String) {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while true {
            if let end = find(separator) { headerEnd = end; break }
            try fill()
        }
        let head = String(decoding: pending[..<headerEnd!], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
        let bodyStart = headerEnd! + 4
        while pending.count < bodyStart + length { try fill() }
        let body = String(decoding: pending[bodyStart..<(bodyStart + length)], as: UTF8.self)
        pending.removeFirst(bodyStart + length)
        return (status, body)
    }

    func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count else { return nil }
        for i in 0...(pending.count - needle.count) where pending[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }

    func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { throw LoadError.child("read: connection closed") }
        pending.append(contentsOf: chunk[..<n])
    }

    /// Whether something answers HTTP on `host`:`port` yet.
    static func answers(host: String = "127.0.0.1", port: Int) -> Bool {
        guard let client = try? RoomHTTP(host: host, port: port) else { return false }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(client.fd, $0.baseAddress, $0.count) }
        return (try? client.readResponse().0) == 200
    }
}

/// The server process's resident memory and CPU time, from /proc.
enum ProcStat {
    /// VmRSS in KiB.
    static func residentKiB(pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        }
        return 0
    }

    /// utime + stime in seconds.
    static func cpuSeconds(pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so utime (14) and stime (15) are at 11 and 12.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
