/// Why the host does not hand out a `partyclient` (`GET /partyclient` answers 404 with the reason).
public enum ClientDownloadError: Error, Equatable, Sendable {
    /// There is no file named `partyclient` beside the host's executable.
    case missing
    /// There is one, but it is not a regular file (a directory, a symbolic link, a device…).
    case notRegularFile
    /// It is not an ELF program.
    case notAProgram
    /// It is a program for another processor or operating system than the host's.
    case otherArchitecture
    /// It needs a library of the Swift toolchain (a build without `--static-swift-stdlib`).
    case needsToolchain(library: String)
    /// It could not be read (permissions, an I/O error), with the system's error number.
    case unreadable(errno: Int32)
}

extension ClientDownloadError: CustomStringConvertible {
    /// One sentence for the 404 page and the host's log; it names no path (guests read it).
    public var description: String {
        switch self {
        case .missing: "there is no partyclient beside this host's partyhost"
        case .notRegularFile: "the partyclient beside this host's partyhost is not a regular file"
        case .notAProgram: "the partyclient beside this host's partyhost is not a program"
        case .otherArchitecture: "the partyclient beside this host's partyhost is built for another kind of machine"
        case let .needsToolchain(library):
            "the partyclient beside this host's partyhost needs the Swift toolchain (\(library)); only a self-contained build is handed out"
        case let .unreadable(errno): "the partyclient beside this host's partyhost cannot be read (error \(errno))"
        }
    }
}
