#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a browser writes the addresses of a service: IPv4 dotted quads, IPv6 in RFC 5952 text with
/// a link-local address scoped to the interface it was heard on (`fe80::1%eth0`), in the order
/// `DiscoveredService.addresses` documents.
enum AddressText {
    /// RFC 5952 text for sixteen address bytes (`::1`, `fd00:99::1`).
    static func text(ipv6 bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return "" }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True for fe80::/10, which means something only together with an interface.
    static func isLinkLocal(_ bytes: [UInt8]) -> Bool {
        bytes.count == 16 && bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
    }

    /// The text forms of a host's A and AAAA records: IPv4 first, then IPv6 with a scope, then
    /// link-local IPv6 once per interface it was heard on (`scopes`); each group in byte order.
    static func addresses(ipv4: [IPv4Bytes], ipv6: [[UInt8]], scopes: [[UInt8]: Set<String>]) -> [String] {
        let four = Set(ipv4.map(\.array)).sorted { $0.lexicographicallyPrecedes($1) }.map { IPv4Bytes($0[0], $0[1], $0[2], $0[3]).description }
        let six = Set(ipv6).sorted { $0.lexicographicallyPrecedes($1) }
        let global = six.filter { !isLinkLocal($0) }.map { text(ipv6: $0) }
        let local = six.filter(isLinkLocal).flatMap { bytes in
            (scopes[bytes] ?? []).sorted().map { "\(text(ipv6: bytes))%\($0)" }
        }
        return four + global + local
    }
}
