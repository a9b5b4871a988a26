#if canImport(Glibc)
import Glibc
#endif

/// A TCP port bound on one loopback address and never listened on: a connection to it is refused,
/// and while it is held no other socket (another test's host) can be given that address and port.
final class HeldPort: Sendable {
    /// The port held.
    let port: Int
    private let descriptor: Int32

    /// Binds `address` ("127.0.0.1" or "::1") at `port` (0: one the kernel picks).
    init(_ address: String, port: Int = 0) throws(HeldPortError) {
        let family = address.contains(":") ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .socket(errno) }
        var storage = sockaddr_storage()
        let length: socklen_t
        if family == AF_INET6 {
            var ipv6 = sockaddr_in6()
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = UInt16(port).bigEndian
            _ = inet_pton(AF_INET6, address, &ipv6.sin6_addr)
            withUnsafeBytes(of: ipv6) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var ipv4 = sockaddr_in()
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = UInt16(port).bigEndian
            _ = inet_pton(AF_INET, address, &ipv4.sin_addr)
            withUnsafeBytes(of: ipv4) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let error = errno
            close(descriptor)
            throw .bind(address, port, error)
        }
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        guard named == 0 else {
            let error = errno
            close(descriptor)
            throw .socket(error)
        }
        // sin_port and sin6_port both sit right after the 2-byte family, in network byte order.
        self.port = Int(UInt16(bigEndian: withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }))
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// Why a port could not be held.
enum HeldPortError: Error, CustomStringConvertible {
    case socket(Int32)
    case bind(String, Int, Int32)

    var description: String {
        switch self {
        case .socket(let error): "socket() failed: errno \(error)"
        case .bind(let address, let port, let error): "cannot bind \(address) port \(port): errno \(error)"
        }
    }
}
