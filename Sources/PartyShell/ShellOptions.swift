import PartyClient

/// How a person's client joins and shows a session.
public struct ShellOptions: Sendable {
    /// Where the host is.
    public var address: HostAddress
    /// The name to ask for.
    public var name: String
    /// The host's secret, when this client is the host's own player.
    public var hostKey: String?
    /// The token of the seat the host's own player held before the host restarted.
    public var token: String?
    /// Notices from the host process for its own player's full screen (nil for guests).
    public var hostNotices: HostNotices?
    /// Full screen (true) or one line per update (false).
    public var fullScreen: Bool
    /// Whether colours may be used.
    public var color: Bool
    /// Extra text for the title bar (the host shows its port there).
    public var banner: String?
    /// The join URL and QR code for phones, shown only on the host's own screen.
    public var join: JoinCard?

    /// Creates options.
    public init(address: HostAddress, name: String, hostKey: String? = nil, fullScreen: Bool, color: Bool, banner: String? = nil,
                join: JoinCard? = nil) {
        self.banner = banner
        self.join = join
        self.address = address
        self.name = name
        self.hostKey = hostKey
        self.fullScreen = fullScreen
        self.color = color
    }
}
