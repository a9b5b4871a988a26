import Foundation
import Testing

/// A certificate authority made for one test, and a server certificate it signed for `localhost`
/// and `127.0.0.1`, written by the `openssl` command into `directory`.
struct TestCertificateAuthority {
    /// The CA's certificate (PEM): what `partyclient --ca-file` is given.
    let caFile: String
    /// The server's certificate (PEM), signed by the CA.
    let certificateFile: String
    /// The server certificate's private key (PEM).
    let keyFile: String

    /// Makes the CA and the server certificate (P-256 keys, valid for two days) in `directory`.
    init(in directory: String) throws {
        caFile = directory + "/ca.pem"
        certificateFile = directory + "/server.pem"
        keyFile = directory + "/server.key"
        let extensions = directory + "/server.ext"
        try """
            basicConstraints = CA:FALSE
            keyUsage = critical, digitalSignature, keyEncipherment
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:localhost, IP:127.0.0.1

            """.write(toFile: extensions, atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(["req", "-x509"] + key + [
            "-keyout", directory + "/ca.key", "-out", caFile, "-days", "2", "-subj", "/CN=partyhost test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
        try Self.openssl(["req"] + key + ["-keyout", keyFile, "-out", directory + "/server.csr", "-subj", "/CN=localhost"])
        try Self.openssl([
            "x509", "-req", "-in", directory + "/server.csr", "-CA", caFile, "-CAkey", directory + "/ca.key",
            "-CAcreateserial", "-out", certificateFile, "-days", "2", "-extfile", extensions,
        ])
    }

    /// Runs `openssl` with `arguments`; fails the test with its output when it fails.
    private static func openssl(_ arguments: [String]) throws {
        let (status, output) = try TestTools.run(["openssl"] + arguments, timeout: 30)
        try #require(status == 0, "openssl \(arguments.joined(separator: " ")) failed:\n\(output)")
    }
}
