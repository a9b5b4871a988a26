/// Names of wide-area DNS-SD (RFC 6763) in a domain.
enum WideAreaNames {
    /// `<labels of text>` as a name.
    static func domain(_ text: String) throws(WideAreaError) -> DNSName {
        do { return try DNSName(text) } catch { throw .badName("\(text): \(error)") }
    }

    /// `<type>.<domain>`.
    static func serviceType(_ type: String, in domain: DNSName) throws(WideAreaError) -> DNSName {
        do { return try DNSName(rawLabels: try DNSName(type).rawLabels + domain.rawLabels) } catch { throw .badName("\(type): \(error)") }
    }

    /// `<instance>.<type>.<domain>`.
    static func instance(_ name: String, type: DNSName) throws(WideAreaError) -> DNSName {
        guard !name.isEmpty else { throw .badName("the instance name is empty") }
        do { return try type.prepending(name) } catch { throw .badName("\(name): \(error)") }
    }

    /// `<subtype>._sub.<type>.<domain>`.
    static func subtype(_ subtype: String, type: DNSName) throws(WideAreaError) -> DNSName {
        do { return try type.prepending("_sub").prepending(subtype) } catch { throw .badName("\(subtype): \(error)") }
    }

    /// `_lease.<instance>`: a TXT record `expires=<seconds since 1970>` (see DISCOVERY.md).
    static func lease(of instance: DNSName) throws(WideAreaError) -> DNSName {
        do { return try instance.prepending("_lease") } catch { throw .badName("\(instance): \(error)") }
    }

    /// The lease TXT data.
    static func leaseData(expires: UInt64) -> DNSRecordData {
        .txt([Array("expires=\(expires)".utf8)])
    }

    /// The expiry a lease TXT record states, if it states one.
    static func expiry(_ records: [DNSRecord]) -> UInt64? {
        for record in records {
            guard case .txt(let strings) = record.data else { continue }
            for string in strings {
                let text = String(decoding: string, as: UTF8.self)
                if text.hasPrefix("expires="), let value = UInt64(text.dropFirst(8)) { return value }
            }
        }
        return nil
    }
}
