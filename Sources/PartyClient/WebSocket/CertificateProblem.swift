import NIOSSL

/// Why a server's TLS certificate was not accepted, read from NIOSSL's errors as a short clause.
enum CertificateProblem: Hashable, Sendable, CustomStringConvertible {
    /// No certificate authority we trust signed it (self-signed, a private CA, expired).
    case notTrusted
    /// It does not name the host we asked for.
    case wrongName(String)

    /// The problem `error` reports, or nil when it is no certificate problem.
    init?(_ error: any Error) {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            self = .wrongName("\(extra)")
            return
        }
        guard let ssl = error as? NIOSSLError, case .handshakeFailed(let boring) = ssl else { return nil }
        let text = "\(boring)".uppercased()
        guard text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("CERTIFICATE VERIFY FAILED") else { return nil }
        self = .notTrusted
    }

    var description: String {
        switch self {
        case .notTrusted: "it is not signed by a certificate authority this machine trusts"
        case .wrongName: "it is not made out to that host name or address"
        }
    }
}
