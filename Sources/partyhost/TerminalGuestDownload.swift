import PartyWeb

/// What the host tells terminal guests that have no `partyclient`: the command that fetches the one
/// this host hands out (a self-contained build beside `partyhost`, `GET /partyclient`) and its SHA-256.
enum TerminalGuestDownload {
    /// The line for the host's terminal, or nil when this host hands out no `partyclient` (a build
    /// that needs the Swift toolchain, or none beside `partyhost`).
    static func announcement(host: String, port: Int) -> String? {
        guard let download = ClientDownload.besideExecutable, let file = try? download.inspect() else { return nil }
        return "Terminal guests without partyclient: "
            + "curl -fsSL http://\(host):\(port)\(ClientDownload.programPath) -o partyclient && chmod +x partyclient && ./partyclient"
            + "   (SHA-256 \(file.sha256))"
    }
}
