import Foundation
import PartyServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file `--results FILE` names: a party room's `RoomReport` as JSON, written atomically (a
/// reader, or a host killed mid-write, sees the old results or the new, never half of them), and
/// never over another party's results.
public enum ResultsFile {
    /// Where the results of the party with session id `session` go when `--results` names `path`:
    /// `path` itself when it does not exist or holds this same party's results, else the first
    /// `NAME-2.json`, `NAME-3.json`, … that does. `notice` tells the host when it is not `path`.
    public static func destination(for path: String, session: String) -> (path: String, notice: String?) {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let folder = (path as NSString).deletingLastPathComponent
        for number in 1...10_000 {
            let candidate = number == 1 ? path : (folder.isEmpty ? "" : folder + "/") + "\(stem)-\(number)\(suffix)"
            guard isFree(candidate, for: session) else { continue }
            let notice = number == 1 ? nil : "\(path) holds another party's results; this party's go to \(candidate)."
            return (candidate, notice)
        }
        // Ten thousand parties' results beside it: the last try is as good as any.
        return (path, nil)
    }

    /// Whether `path` may take the results of session `session`: nothing is there, or that same
    /// party's results are.
    static func isFree(_ path: String, for session: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT }
        guard let data = FileManager.default.contents(atPath: path),
              let report = try? JSONDecoder().decode(RoomReport.self, from: data) else { return false }
        return report.session == session
    }

    /// `report` as the file holds it: JSON (pretty-printed, sorted keys, slashes as they are) and a newline.
    public static func encode(_ report: RoomReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report) + Data("\n".utf8)
    }

    /// Writes `report` to `path` atomically: into a new file beside it, flushed to the disk, then
    /// renamed over `path`. Throws `ResultsFileError`; on failure `path` is as it was.
    public static func write(_ report: RoomReport, to path: String) throws(ResultsFileError) {
        let data: Data
        do {
            data = try encode(report)
        } catch {
            throw .encoding("\(error)")
        }
        try write(data, to: path)
    }

    /// Writes `data` to `path` atomically (a temporary file in the same directory, `fsync`, `rename`).
    static func write(_ data: Data, to path: String) throws(ResultsFileError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .failed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .failed(path: path, reason: failure)
        }
        // The rename itself reaches the disk with the directory.
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}

/// `write(2)` (the name is taken inside `ResultsFile`).
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Why the results could not be written.
public enum ResultsFileError: Error, Equatable, Sendable {
    /// The report could not be turned into JSON.
    case encoding(String)
    /// The file could not be written (a missing directory, no permission, a full disk).
    case failed(path: String, reason: String)
}

extension ResultsFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .encoding(let reason):
            return "The results could not be encoded: \(reason)."
        case .failed(let path, let reason):
            return "Could not write the results to \(path): \(reason)."
        }
    }
}
