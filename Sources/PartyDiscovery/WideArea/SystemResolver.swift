#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The DNS servers the system uses: the `nameserver` lines of /etc/resolv.conf.
public enum SystemResolver {
    /// The standard path.
    public static let path = "/etc/resolv.conf"

    /// The servers named in the file at `path`, in order.
    public static func servers(path: String = SystemResolver.path) throws(WideAreaError) -> [DNSServerAddress] {
        guard let file = fopen(path, "r") else { throw .noNameServer(path: path) }
        defer { fclose(file) }
        var servers: [DNSServerAddress] = []
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            servers += parse(line: text)
        }
        guard !servers.isEmpty else { throw .noNameServer(path: path) }
        return servers
    }

    /// The server a `nameserver ADDRESS` line names (a zone such as `%eth0` dropped), if it is one.
    static func parse(line: String) -> [DNSServerAddress] {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard words.count >= 2, words[0] == "nameserver" else { return [] }
        let address = words[1].split(separator: "%").first.map(String.init) ?? ""
        return address.isEmpty ? [] : [DNSServerAddress(host: address)]
    }
}
