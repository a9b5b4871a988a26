import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which network interfaces mDNS runs on.
public struct DiscoveryInterfaces: Sendable, Hashable {
    /// The interface names, or nil for the default choice.
    public let names: [String]?
    /// With the default choice, whether loopback is added even when other interfaces exist.
    public let addsLoopback: Bool

    init(names: [String]?, addsLoopback: Bool = false) {
        self.names = names
        self.addsLoopback = addsLoopback
    }

    /// Every interface that is up, multicast-capable and has an IPv4 or IPv6 address, loopback excluded;
    /// loopback alone when there is no other (a machine with no network still plays on itself).
    public static let automatic = DiscoveryInterfaces(names: nil)

    /// `automatic` plus loopback, for browsing: a session advertised only on this machine's
    /// loopback (`partyhost --interface lo` on a machine that has a network) is listed by a browser
    /// on the same machine, as Bonjour lists local-only services. Advertisers use `automatic`.
    public static let automaticAndLoopback = DiscoveryInterfaces(names: nil, addsLoopback: true)

    /// Exactly the named interfaces (for example `["lo"]` in tests, `["eth0"]` from `--interface`).
    public static func named(_ names: [String]) -> DiscoveryInterfaces {
        DiscoveryInterfaces(names: names)
    }

    /// Throws the error browsing or advertising on this choice would meet (an unknown name, no
    /// usable interface), so a caller can say so before it starts.
    public func validate() throws(DiscoveryError) {
        _ = try resolve()
    }

    /// The names of this machine's interfaces that have an IPv4 or IPv6 address, in the system's
    /// order, each once: what `--interface` may name (for an error that lists them).
    public static func availableNames() -> [String] {
        var names: [String] = []
        for device in (try? System.enumerateDevices()) ?? [] where device.address != nil && !names.contains(device.name) {
            names.append(device.name)
        }
        return names
    }

    /// Looks the choice up in the system's interface list. A named loopback interface is used even
    /// though Linux's `lo` reports no multicast flag: multicast works on it, so it is marked as
    /// multicast-capable for NIO (no `ip link set lo multicast on` is needed).
    func resolve() throws(DiscoveryError) -> [DiscoveryInterface] {
        var found = try resolve(loopback: false)
        if names == nil && (found.isEmpty || addsLoopback) { found += try resolve(loopback: true) }
        guard !found.isEmpty else { throw .noUsableInterface }
        return found
    }

    /// The interfaces of the choice; with no names, `loopback` picks the up loopback interfaces
    /// instead of the others.
    private func resolve(loopback: Bool) throws(DiscoveryError) -> [DiscoveryInterface] {
        let flags = Self.interfaceFlags()
        let devices: [NIONetworkDevice]
        do {
            devices = try System.enumerateDevices()
        } catch {
            throw .interfaceLookupFailed("\(error)")
        }
        // NIO lists one device per address: gather each interface's IPv6 addresses for its AAAA records.
        var ipv6ByName: [String: [[UInt8]]] = [:]
        for device in devices {
            guard case .v6(let address)? = device.address else { continue }
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            if !(ipv6ByName[device.name] ?? []).contains(bytes) { ipv6ByName[device.name, default: []].append(bytes) }
        }
        var found: [DiscoveryInterface] = []
        // IPv4 first (one entry per interface); then interfaces that have IPv6 addresses only.
        let ipv4Names = Set(devices.compactMap { device -> String? in
            if case .v4? = device.address { return device.name }
            return nil
        })
        for var device in devices {
            let ipv4: IPv4Bytes?
            switch device.address {
            case .v4(let address)?:
                let octets = withUnsafeBytes(of: address.address.sin_addr.s_addr) { Array($0) }
                ipv4 = IPv4Bytes(octets[0], octets[1], octets[2], octets[3])
            case .v6? where !ipv4Names.contains(device.name):
                ipv4 = nil
            default:
                continue
            }
            let deviceFlags = flags[device.name] ?? 0
            let isUp = deviceFlags & UInt32(IFF_UP) != 0
            let isLoopback = deviceFlags & UInt32(IFF_LOOPBACK) != 0
            if let names {
                guard names.contains(device.name) else { continue }
                if isLoopback { device.multicastSupported = true }
            } else if loopback {
                guard isUp, isLoopback else { continue }
                device.multicastSupported = true
            } else {
                guard isUp, !isLoopback, device.multicastSupported else { continue }
            }
            guard !found.contains(where: { $0.name == device.name }) else { continue }
            found.append(
                DiscoveryInterface(
                    name: device.name,
                    index: device.interfaceIndex,
                    address: ipv4,
                    ipv6Addresses: (ipv6ByName[device.name] ?? []).sorted { $0.lexicographicallyPrecedes($1) },
                    device: device
                )
            )
        }
        if let names {
            for name in names where !found.contains(where: { $0.name == name }) {
                throw .noSuchInterface(name)
            }
        }
        return found
    }

    /// Interface flags by name from `getifaddrs` (NIO's device list does not carry IFF_UP).
    private static func interfaceFlags() -> [String: UInt32] {
        var result: [String: UInt32] = [:]
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return result }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            result[String(cString: entry.pointee.ifa_name)] = UInt32(entry.pointee.ifa_flags)
            cursor = entry.pointee.ifa_next
        }
        return result
    }
}

/// One interface mDNS runs on, with the addresses it publishes there.
struct DiscoveryInterface: Sendable {
    /// The system name, such as `lo` or `eth0`.
    let name: String
    /// The system interface index.
    let index: Int
    /// The interface's IPv4 address; nil on a link with IPv6 only, where mDNS runs over IPv6
    /// (ff02::fb) instead of IPv4 (224.0.0.251).
    let address: IPv4Bytes?
    /// The interface's IPv6 addresses (16 bytes each, link-local included), in byte order.
    let ipv6Addresses: [[UInt8]]
    /// NIO's description of the device, used to join the multicast group on it.
    let device: NIONetworkDevice
}
