#if canImport(Glibc)
import Glibc
#endif

/// Whether a TCP port can be listened on now (a resumed party asks for the port it had).
enum PortProbe {
    /// True when `port` can be bound on `address` (`::` or `0.0.0.0` as the host binds them; any
    /// other address is tried as IPv4 or IPv6 text).
    static func isFree(_ port: Int, on address: String) -> Bool {
        guard (1...65_535).contains(port) else { return false }
        if address == "::" || address.contains(":") {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
            if address != "::", inet_pton(AF_INET6, address, &socketAddress.sin6_addr) != 1 { return false }
            if let result = bind(family: AF_INET6, &socketAddress, length: MemoryLayout<sockaddr_in6>.size) { return result }
            // No IPv6 here: the host falls back to IPv4.
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        if address != "::", address != "0.0.0.0", !address.contains(":"), inet_pton(AF_INET, address, &socketAddress.sin_addr) != 1 {
            return false
        }
        return bind(family: AF_INET, &socketAddress, length: MemoryLayout<sockaddr_in>.size) ?? false
    }

    /// Binds a throwaway socket of `family` to `address`: true when it worked, false when the port
    /// is taken, nil when the family is not available.
    private static func bind<Address>(family: Int32, _ address: inout Address, length: Int) -> Bool? {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            var zero: Int32 = 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size))
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(length)) == 0 }
        }
    }
}
