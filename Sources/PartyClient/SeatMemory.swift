import Foundation
import Glibc
import PartyWire
import Synchronization

/// Keeps a player's seat on disk between runs of the client, so a restarted client (after a crash,
/// a kill, a closed terminal) presents the seat's reconnect token and gets its seat back.
///
/// One file per seat, `<session id>-<random>.json`, in `$XDG_STATE_HOME/partyclient/seats` (or
/// `~/.local/state/partyclient/seats`): directories mode 0700, files 0600. The file holds the
/// newest token (every welcome brings a new one, and each works once). While a client uses a
/// seat it holds an exclusive `flock` on its file, so a second client started by the same user
/// never presents a token that a live client is using; the kernel drops the lock when the process
/// dies, however it dies. The file is deleted when the seat is given up for good (the player
/// left, the session ended, the host refused the token or is gone) and kept when the client just
/// stops. Thread-safe.
public final class SeatMemory: Sendable {
    /// The folder the seat files live in.
    public let directory: String
    /// `HOST:PORT` as joined.
    let address: String
    /// The advertised instance name, when the session was chosen from the list.
    let instance: String?
    /// The name the player asks for.
    let name: String
    private let state = Mutex(State())

    private struct State {
        /// The open, locked seat file; -1 when none.
        var descriptor: Int32 = -1
        var path: String?
        var saved: SavedSeat?
    }

    /// Saved seats unused for this long are deleted when the folder is next read.
    static let staleAfter: TimeInterval = 7 * 24 * 3600

    /// Memory for the seat of `name` in the session at `address` (and, from the list, `instance`),
    /// kept under `directory`.
    public init(directory: String, address: HostAddress, instance: String?, name: String) {
        self.directory = directory
        self.address = address.description
        self.instance = instance
        self.name = name
    }

    deinit {
        close()
    }

    /// `$XDG_STATE_HOME/partyclient/seats` when XDG_STATE_HOME is an absolute path, else
    /// `$HOME/.local/state/partyclient/seats`; nil without either.
    public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/partyclient/seats"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/state/partyclient/seats"
        }
        return nil
    }

    /// The token of a seat saved earlier for this session and name that no running client uses,
    /// or nil. The seat's file stays locked by this process until `forget()` or `close()`.
    public func claim() -> String? {
        guard Self.makeDirectory(directory) else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var best: (descriptor: Int32, path: String, seat: SavedSeat, modified: Int)?
        for file in names where file.hasSuffix(".json") {
            let path = directory + "/" + file
            let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            // In use by a running client: not ours to take.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                Glibc.close(descriptor)
                continue
            }
            var info = stat()
            let modified = fstat(descriptor, &info) == 0 ? info.st_mtim.tv_sec : 0
            guard let seat = Self.read(descriptor) else {
                // Unreadable (cut short by a crash while writing): nothing can be done with it.
                unlink(path)
                Glibc.close(descriptor)
                continue
            }
            if Double(time(nil) - modified) > Self.staleAfter {
                unlink(path)
                Glibc.close(descriptor)
                continue
            }
            guard seat.matches(address: address, instance: instance, name: name), modified >= (best?.modified ?? 0) else {
                Glibc.close(descriptor)
                continue
            }
            if let previous = best { Glibc.close(previous.descriptor) }
            best = (descriptor, path, seat, modified)
        }
        guard let best else { return nil }
        let replaced = state.withLock { state in
            defer { state = State(descriptor: best.descriptor, path: best.path, saved: best.seat) }
            return state.descriptor
        }
        if replaced >= 0 { Glibc.close(replaced) }
        return best.seat.token
    }

    /// Keeps the seat (and its newest token) from `welcome`; spectators have no seat to keep.
    public func remember(_ welcome: Welcome) {
        guard welcome.role == "player", !welcome.token.isEmpty else { return }
        let seat = SavedSeat(session: welcome.session, sessionName: welcome.sessionName, address: address, instance: instance,
                             name: name, seatName: welcome.name, token: welcome.token)
        state.withLock { state in
            if state.descriptor >= 0, state.saved?.session != welcome.session {
                // A different session (the old file's token was refused): that file is no use now.
                if let path = state.path { unlink(path) }
                Glibc.close(state.descriptor)
                state = State()
            }
            if state.descriptor < 0 {
                guard Self.makeDirectory(directory) else { return }
                let path = directory + "/\(Self.fileSafe(welcome.session))-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).json"
                let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                guard descriptor >= 0 else { return }
                fchmod(descriptor, 0o600)
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                    Glibc.close(descriptor)
                    return
                }
                state.descriptor = descriptor
                state.path = path
            }
            state.saved = seat
            Self.write(seat, to: state.descriptor)
        }
    }

    /// The seat is gone for good: deletes its file.
    public func forget() {
        state.withLock { state in
            if let path = state.path { unlink(path) }
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state = State()
        }
    }

    /// Stops using the seat but keeps its file, for the next run to claim.
    public func close() {
        state.withLock { state in
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state = State()
        }
    }

    /// The seat kept now, if any.
    public var saved: SavedSeat? {
        state.withLock { $0.saved }
    }

    // MARK: Files

    /// Creates `path` and its missing parents with mode 0700, and makes our own two folders
    /// (`partyclient`, `seats`) 0700 even if they existed; false when it cannot.
    static func makeDirectory(_ path: String) -> Bool {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        let parent = (path as NSString).deletingLastPathComponent
        chmod(parent, 0o700)
        chmod(path, 0o700)
        return true
    }

    static func read(_ descriptor: Int32) -> SavedSeat? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while data.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += buffer[0..<count]
            offset += off_t(count)
        }
        return try? JSONDecoder().decode(SavedSeat.self, from: Data(data))
    }

    static func write(_ seat: SavedSeat, to descriptor: Int32) {
        guard let data = try? JSONEncoder().encode(seat) else { return }
        ftruncate(descriptor, 0)
        _ = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// `text` with nothing but letters, digits and `-` (the session id is the host's).
    static func fileSafe(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        return String(String.UnicodeScalarView(kept.prefix(32))).isEmpty ? "session" : String(String.UnicodeScalarView(kept.prefix(32)))
    }
}
