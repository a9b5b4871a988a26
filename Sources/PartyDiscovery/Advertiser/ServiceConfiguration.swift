/// What a `ServiceAdvertiser` publishes.
public struct ServiceConfiguration: Sendable, Hashable {
    /// The instance name people see, such as "Alice's Four in a Row" (at most 63 bytes of UTF-8).
    public var instanceName: String
    /// The service type without the domain, `_partyhost._tcp` by default.
    public var serviceType: String
    /// Subtype labels such as `_fourinarow`, published as `_fourinarow._sub.<type>.local.`.
    public var subtypes: [String]
    /// The TCP port the service listens on.
    public var port: UInt16
    /// TXT key/value pairs (each `key=value` at most 255 bytes).
    public var txt: [String: String]
    /// The interfaces to advertise on.
    public var interfaces: DiscoveryInterfaces
    /// Our own host label (`partyhost-<random hex>` when nil), published as `<label>.local.`.
    public var hostLabel: String?

    /// Creates a configuration.
    public init(
        instanceName: String,
        serviceType: String = ServiceConfiguration.partyhostServiceType,
        subtypes: [String] = [],
        port: UInt16,
        txt: [String: String] = [:],
        interfaces: DiscoveryInterfaces = .automatic,
        hostLabel: String? = nil
    ) {
        self.instanceName = instanceName
        self.serviceType = serviceType
        self.subtypes = subtypes
        self.port = port
        self.txt = txt
        self.interfaces = interfaces
        self.hostLabel = hostLabel
    }

    /// The service type partyhost sessions use.
    public static let partyhostServiceType = "_partyhost._tcp"
}

/// Helpers that turn names and TXT dictionaries into DNS data.
enum ServiceNaming {
    /// `<type>.local.` as a name.
    static func serviceTypeName(_ type: String) throws(DiscoveryError) -> DNSName {
        do { return try DNSName(type + ".local.") } catch { throw .invalidName("\(type): \(error)") }
    }

    /// `<instance>.<type>.local.`.
    static func instanceName(_ instance: String, type: DNSName) throws(DiscoveryError) -> DNSName {
        guard !instance.isEmpty else { throw .invalidName("the instance name is empty") }
        do { return try type.prepending(instance) } catch { throw .invalidName("\(instance): \(error)") }
    }

    /// `<subtype>._sub.<type>.local.`.
    static func subtypeName(_ subtype: String, type: DNSName) throws(DiscoveryError) -> DNSName {
        do { return try type.prepending("_sub").prepending(subtype) } catch { throw .invalidName("\(subtype): \(error)") }
    }

    /// TXT strings `key=value`, sorted by key; a single empty string when there are none.
    static func txtStrings(_ txt: [String: String]) throws(DiscoveryError) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        for key in txt.keys.sorted() {
            guard !key.isEmpty, !key.contains("=") else { throw .invalidTXT("the key \"\(key)\" is empty or contains '='") }
            let entry = Array("\(key)=\(txt[key] ?? "")".utf8)
            guard entry.count <= 255 else { throw .invalidTXT("\(key) is \(entry.count) bytes long (at most 255)") }
            strings.append(entry)
        }
        return strings.isEmpty ? [[]] : strings
    }

    /// Parses TXT strings back into a dictionary (a key without `=` maps to an empty value; the first
    /// occurrence of a key wins, as RFC 6763 section 6.4 says).
    static func txtDictionary(_ strings: [[UInt8]]) -> [String: String] {
        var result: [String: String] = [:]
        for string in strings where !string.isEmpty {
            let text = String(decoding: string, as: UTF8.self)
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            guard !key.isEmpty, result[key] == nil else { continue }
            result[key] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }

    /// The next name after a conflict: "Name" → "Name (2)", "Name (2)" → "Name (3)".
    static func renamed(_ name: String) -> String {
        var base = name
        var number = 2
        if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex,
            name[name.index(before: open)] == " ",
            let current = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
        {
            base = String(name[..<name.index(before: open)])
            number = current + 1
        }
        let suffix = " (\(number))"
        while base.utf8.count + suffix.utf8.count > DNSName.maximumLabelLength { base.removeLast() }
        return base + suffix
    }

    /// A fresh `partyhost-<8 hex digits>` host label.
    static func randomHostLabel() -> String {
        let hex = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "partyhost-" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
