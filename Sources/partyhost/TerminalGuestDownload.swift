import PartyWeb

/// What the host tells terminal guests that have no `partyclient`: the command that fetches the one
/// this host hands out (a self-contained build beside `partyhost`, `GET /partyclient`) and its SHA-256.
enum TerminalGuestDownload {
    /// The line for the host's terminal at start, for an `offer`.
    static func announcement(_ offer: (command: String, sha256: String)) -> String {
        "Terminal guests without partyclient: \(offer.command)   (SHA-256 \(offer.sha256))"
    }

    /// The command that fetches and starts this host's `partyclient`, and the file's SHA-256; nil
    /// when this host hands out none (a build that needs the Swift toolchain, or none beside `partyhost`).
    static func offer(host: String, port: Int) -> (command: String, sha256: String)? {
        guard let download = ClientDownload.besideExecutable, let file = try? download.inspect() else { return nil }
        let command = "curl -fsSL http://\(host):\(port)\(ClientDownload.programPath) -o partyclient && chmod +x partyclient && ./partyclient"
        return (command, file.sha256)
    }
}
