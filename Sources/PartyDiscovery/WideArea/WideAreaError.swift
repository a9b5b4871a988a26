/// What can go wrong talking to a DNS server for wide-area DNS-SD.
public enum WideAreaError: Error, Sendable, Hashable {
    /// `--dns-server` is not `HOST`, `HOST:PORT`, `IPv4:PORT` or `[IPv6]:PORT`.
    case badServer(String)
    /// The server's name could not be resolved to an address.
    case unresolvable(server: String, reason: String)
    /// No `nameserver` line in /etc/resolv.conf (and no `--dns-server`).
    case noNameServer(path: String)
    /// The server did not answer in time.
    case timeout(server: String, seconds: Int)
    /// Sending or connecting failed.
    case network(server: String, reason: String)
    /// The server answered with an error code (and, for a signed update, a TSIG error).
    case refused(server: String, zone: String, rcode: UInt8, tsigError: UInt16)
    /// A query was answered with an error code (other than "no such name").
    case queryFailed(server: String, name: String, rcode: UInt8)
    /// The server has no zone that holds the domain.
    case noZone(server: String, domain: String)
    /// The answer could not be read, or its signature did not check out.
    case badAnswer(server: String, reason: String)
    /// Another host already publishes a session by this name in the zone.
    case nameTaken(String)
    /// A domain or name could not form a DNS name.
    case badName(String)
}

extension WideAreaError: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .badServer(let text): "\"\(text)\" is not a DNS server (use HOST, HOST:PORT or [IPv6]:PORT)"
        case .unresolvable(let server, let reason): "cannot find the DNS server \(server): \(reason)"
        case .noNameServer(let path): "\(path) names no DNS server (nameserver line); give one with --dns-server"
        case .timeout(let server, let seconds): "the DNS server \(server) did not answer within \(seconds) s (is it running and reachable?)"
        case .network(let server, let reason): "cannot reach the DNS server \(server): \(reason)"
        case .refused(let server, let zone, let rcode, let tsigError): Self.refusal(server: server, zone: zone, rcode: rcode, tsigError: tsigError)
        case .queryFailed(let server, let name, let rcode):
            "the DNS server \(server) would not answer for \(name): " + (rcode == 5 ? "REFUSED (it may not serve or recurse for that domain)" : rcode == 2 ? "SERVFAIL (it could not reach the zone's servers)" : "error code \(rcode)")
        case .noZone(let server, let domain):
            "the DNS server \(server) has no zone holding \(domain) (check --publish-domain and --dns-server)"
        case .badAnswer(let server, let reason): "the DNS server \(server) sent an answer that cannot be used: \(reason)"
        case .nameTaken(let name): "another host already publishes \(name) in that zone"
        case .badName(let why): "invalid DNS name: \(why)"
        }
    }

    static func refusal(server: String, zone: String, rcode: UInt8, tsigError: UInt16) -> String {
        let what = switch tsigError {
        case 16: "BADSIG: the key's secret is not the one the server has"
        case 17: "BADKEY: the server does not know this key (name or algorithm differ)"
        case 18: "BADTIME: this machine's clock and the server's differ by more than 5 minutes"
        case 22: "BADTRUNC: the server refused a truncated signature"
        default: switch rcode {
            case 1: "FORMERR: the server could not read the request"
            case 2: "SERVFAIL: the server failed to process it"
            case 3: "NXDOMAIN: the name does not exist"
            case 4: "NOTIMP: the server does not support dynamic updates"
            case 5: "REFUSED: the key may not update this zone (see update-policy), or updates are off"
            case 6: "YXDOMAIN: a name that must not exist does"
            case 7: "YXRRSET: the records already exist"
            case 8: "NXRRSET: records that must exist do not"
            case 9: "NOTAUTH: the server is not authoritative for the zone, or the key was not accepted"
            case 10: "NOTZONE: a name is outside the zone"
            default: "error code \(rcode)"
            }
        }
        return "the DNS server \(server) refused the update of zone \(zone): \(what)"
    }
}
