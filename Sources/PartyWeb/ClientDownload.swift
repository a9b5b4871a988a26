import Crypto
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `partyclient` a host hands to terminal guests (`GET /partyclient`, docs/PROTOCOL.md §1b): only
/// the regular file named `partyclient` beside the host's own executable, and only when it is a
/// program for the host's architecture that needs no library of the Swift toolchain.
public struct ClientDownload: Sendable {
    /// The request path of the program.
    public static let programPath = "/partyclient"
    /// The request path of its SHA-256 (`sha256sum`'s line: `<hex>  partyclient`).
    public static let checksumPath = "/partyclient.sha256"
    /// The request path a page asks whether a program is handed out: always `200` with
    /// `{"available": true, "sha256": "<hex>", "size": N}` or `{"available": false, "reason": "…"}`,
    /// so that a page never logs a failed request on a host that has none.
    public static let infoPath = "/partyclient.json"
    /// The file's name, beside the host's executable.
    public static let fileName = "partyclient"

    /// The file handed out.
    public let filePath: String
    /// The host's own executable's architecture (nil if it could not be read: nothing is handed out).
    let hostImage: ELFImage?
    /// The last checksum computed, by the file's identity, so a download does not read the file twice.
    private let memo: ChecksumMemo

    /// Hands out the file at `filePath` when it is a self-contained program for the architecture of
    /// `hostExecutable` (the running process's own by default).
    public init(filePath: String, hostExecutable: String = "/proc/self/exe") {
        self.filePath = filePath
        hostImage = try? Self.withFile(hostExecutable, followLinks: true) { fd, _ in
            try ELFImage { offset, count in try Self.read(fd, offset, count) }
        }
        memo = ChecksumMemo()
    }

    /// The `partyclient` beside the running executable (`/usr/bin/partyclient` for `/usr/bin/partyhost`);
    /// nil when the executable's path cannot be found. Looked up once.
    public static let besideExecutable: ClientDownload? = beside(executable: ())

    private static func beside(executable: Void) -> ClientDownload? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        return ClientDownload(filePath: String(executable[...slash]) + fileName)
    }

    /// Opens the file and checks it (blocking: call it off the event loop). The caller closes the
    /// handle of the result.
    public func open() throws(ClientDownloadError) -> ClientFile {
        guard let hostImage else { throw .missing }
        let fd = openForReading(filePath, followLinks: false)
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .missing
            case ELOOP: throw .notRegularFile
            case let code: throw .unreadable(errno: code)
            }
        }
        do {
            let file = try check(fd, hostImage: hostImage)
            return ClientFile(handle: NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: fd), size: file.size, sha256: file.sha256)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Opens and checks the file on NIO's blocking-I/O thread pool; the future is on `loop`.
    public func open(on loop: any EventLoop) -> EventLoopFuture<ClientFile> {
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
            try self.open()
        }
    }

    /// The file's size and SHA-256 if it would be handed out (blocking).
    public func inspect() throws(ClientDownloadError) -> (size: Int, sha256: String) {
        let file = try open()
        try? file.handle.close()
        return (file.size, file.sha256)
    }

    /// Checks an open file: a regular file, an ELF program of the host's architecture needing no
    /// toolchain library; returns its size and checksum.
    private func check(_ fd: CInt, hostImage: ELFImage) throws(ClientDownloadError) -> (size: Int, sha256: String) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        let image: ELFImage
        do {
            image = try ELFImage { offset, count in try Self.read(fd, offset, count) }
        } catch let error as ClientDownloadError {
            throw error
        } catch {
            throw .notAProgram
        }
        guard image.sameArchitecture(as: hostImage) else { throw .otherArchitecture }
        if let library = image.toolchainLibrary { throw .needsToolchain(library: library) }
        let identity = FileIdentity(status)
        if let known = memo.checksum(of: identity) { return (Int(status.st_size), known) }
        var hash = SHA256()
        var offset: UInt64 = 0
        while true {
            let chunk = try Self.read(fd, offset, 1 << 18)
            if chunk.isEmpty { break }
            hash.update(data: chunk)
            offset += UInt64(chunk.count)
        }
        // The size the checksum covers is the size served: a file that grows meanwhile is cut there.
        let sha256 = hash.finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        memo.remember(sha256, of: identity)
        return (Int(offset), sha256)
    }

    /// Runs `body` with the file at `path` open for reading.
    private static func withFile<T>(_ path: String, followLinks: Bool, _ body: (CInt, String) throws -> T) throws -> T {
        let fd = openForReading(path, followLinks: followLinks)
        guard fd >= 0 else { throw ClientDownloadError.unreadable(errno: errno) }
        defer { close(fd) }
        return try body(fd, path)
    }

    /// Up to `count` bytes of the file at `offset` (fewer at its end).
    static func read(_ fd: CInt, _ offset: UInt64, _ count: Int) throws(ClientDownloadError) -> [UInt8] {
        guard count > 0, offset <= UInt64(Int64.max) - UInt64(count) else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno: errno)
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}

/// Opens `path` read-only (not following a symbolic link unless `followLinks`); -1 and `errno` on failure.
private func openForReading(_ path: String, followLinks: Bool) -> CInt {
    open(path, O_RDONLY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
}

/// An open, checked `partyclient`: the handle (the caller closes it), its size and SHA-256 (hex).
public struct ClientFile: Sendable {
    /// The open file.
    public let handle: NIOFileHandle
    /// Its size in bytes, as checked and hashed.
    public let size: Int
    /// Its SHA-256, 64 lower-case hex digits.
    public let sha256: String
}

/// A file as `stat` tells it apart: the same identity means the same bytes (its checksum may be reused).
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: [Int]
    var changed: [Int]

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        changed = [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
    }
}

/// The last checksum computed and the file it belongs to (shared by every connection's event loop).
final class ChecksumMemo: Sendable {
    private let last = Mutex<(identity: FileIdentity, sha256: String)?>(nil)

    /// The checksum of the file with this identity, if it is the one remembered.
    func checksum(of identity: FileIdentity) -> String? {
        last.withLock { $0?.identity == identity ? $0?.sha256 : nil }
    }

    /// Remembers the checksum of the file with this identity (forgetting the one before).
    func remember(_ sha256: String, of identity: FileIdentity) {
        last.withLock { $0 = (identity, sha256) }
    }
}
