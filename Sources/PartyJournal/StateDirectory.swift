import Foundation
import PartyServer
#if canImport(Glibc)
import Glibc
#endif

/// Where partyhost keeps its journals: `--state DIR`, else a systemd unit's `$STATE_DIRECTORY`,
/// else `$XDG_STATE_HOME/partyhost`, else `~/.local/state/partyhost`. One journal file per party name (`<name>.journal`), each with a
/// lock file that one host at a time holds while it runs that party.
public struct StateDirectory: Sendable {
    /// The directory.
    public let path: String

    /// The directory `explicit` names, else the XDG one for `environment`.
    public init(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicit, !explicit.isEmpty {
            path = explicit
        } else if let systemd = environment["STATE_DIRECTORY"], systemd.hasPrefix("/") {
            // A systemd unit's StateDirectory= (the first, when it names several).
            path = String(systemd.split(separator: ":").first ?? Substring(systemd))
        } else if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = state + "/partyhost"
        } else {
            path = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/partyhost"
        }
    }

    /// The journal file of the party named `name`: its name in lower case, letters and digits,
    /// other characters as `-` (`Ann's party` → `ann-s-party.journal`).
    public func journalPath(for name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "party" }
        // Names that differ only outside ASCII keep apart.
        if name.unicodeScalars.contains(where: { !$0.isASCII }) {
            slug += "-" + String(name.unicodeScalars.reduce(UInt32(2166136261)) { ($0 ^ $1.value) &* 16777619 }, radix: 36)
        }
        return path + "/" + String(slug.prefix(80)) + ".journal"
    }

    /// Makes the directory (and its parents), readable by its owner only.
    public func create() throws(JournalError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw JournalError.stateDirectory(path: path, detail: (error as NSError).localizedDescription)
        }
    }

    /// Every journal file in the directory, by name.
    public func journalFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".journal") }.sorted().map { path + "/" + $0 }
    }

    /// Moves `file` (and its SQLite companions) aside as `<file>.<why>-<date>`; returns the new path.
    public static func setAside(_ file: String, why: String) -> String? {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let aside = "\(file).\(why)-\(formatter.string(from: Date()))"
        guard rename(file, aside) == 0 else { return nil }
        for suffix in ["-wal", "-shm"] { _ = rename(file + suffix, aside + suffix) }
        return aside
    }
}

/// The lock a host holds on one party's journal while it runs the party (`flock` on
/// `<journal>.lock`, which names the holder's process). The kernel drops it when the process
/// ends, however it ends.
public final class JournalLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock for `journal`, or throws `JournalError.locked` naming the holder.
    public init(journal: String) throws(JournalError) {
        let path = journal + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw JournalError.stateDirectory(path: path, detail: String(cString: strerror(errno)))
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fd, &buffer, 63)
            close(fd)
            let holder = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            throw JournalError.locked(path: journal, holder: holder.isEmpty ? "another process" : "process \(holder)")
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { write(fd, $0, strlen($0)) }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }
}
