import NIOCore
import NIOPosix

/// The address the host's first lines give for joining from another machine: its first
/// non-loopback IPv4 address; on a link with no IPv4, its first IPv6 address that needs no
/// interface (not loopback, not link-local), in brackets; on a link with only link-local IPv6, a
/// link-local address with its interface (`[fe80::1%eth0]`), which browsers cannot open; and
/// loopback when the machine has no network at all, which only this machine can use.
struct JoinAddress: Hashable {
    /// How far the address reaches.
    enum Reach: Hashable {
        /// Every machine on the network (IPv4, or a global or unique-local IPv6 address).
        case network
        /// Machines on this link, with their own interface's name after the `%`; no browser.
        case linkOnly
        /// This machine only (there is no other address).
        case thisMachine
    }

    /// The host part of `--connect HOST:PORT`: `192.168.1.5`, `[fd00::5]`, `[fe80::1%eth0]`, `127.0.0.1`.
    let host: String
    /// How far it reaches.
    let reach: Reach

    /// The address of this machine, from its interfaces; those named in `preferred` (the host's
    /// `--interface`) are looked at first.
    static func current(preferring preferred: [String] = []) -> JoinAddress {
        let devices = (try? System.enumerateDevices()) ?? []
        let ordered = devices.filter { preferred.contains($0.name) } + devices.filter { !preferred.contains($0.name) }
        return choose(ordered.compactMap { device in device.address?.ipAddress.map { (name: device.name, ip: $0) } })
    }

    /// The choice among `(interface, address)` pairs, in the order given (see the type's summary).
    static func choose(_ addresses: [(name: String, ip: String)]) -> JoinAddress {
        let isV6 = { (ip: String) in ip.contains(":") }
        let isLoopback = { (ip: String) in ip.hasPrefix("127.") || ip == "::1" }
        let isLinkLocal = { (ip: String) in ["fe8", "fe9", "fea", "feb"].contains { ip.lowercased().hasPrefix($0) } }
        if let v4 = addresses.first(where: { !isV6($0.ip) && !isLoopback($0.ip) }) {
            return JoinAddress(host: v4.ip, reach: .network)
        }
        if let v6 = addresses.first(where: { isV6($0.ip) && !isLoopback($0.ip) && !isLinkLocal($0.ip) && !$0.ip.contains("%") }) {
            return JoinAddress(host: "[\(v6.ip.lowercased())]", reach: .network)
        }
        if let link = addresses.first(where: { isV6($0.ip) && isLinkLocal($0.ip) && !$0.name.isEmpty }) {
            let bare = link.ip.split(separator: "%").first.map(String.init) ?? link.ip
            return JoinAddress(host: "[\(bare.lowercased())%\(link.name)]", reach: .linkOnly)
        }
        return JoinAddress(host: "127.0.0.1", reach: .thisMachine)
    }

    /// The host for the browser's address, or nil when a browser cannot open any (link-local only).
    var browserHost: String? { reach == .linkOnly ? nil : host }

    /// What the host says after the join line about an address that does not reach every machine
    /// on the network; nil when it does.
    var note: String? {
        switch reach {
        case .network:
            nil
        case .linkOnly:
            "This link has no IPv4 and no routable IPv6 address: on another machine, put the name of its own interface on this link after the %."
        case .thisMachine:
            "This machine has no network address: only programs on this machine can join (127.0.0.1)."
        }
    }

    /// The line in place of the browser's address when a browser can open none.
    static let noBrowserLine = "Browsers and phones cannot join: a browser cannot open a link-local IPv6 address. Give this machine an IPv4 or a routable IPv6 address."
}
