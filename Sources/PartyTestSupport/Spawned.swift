#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program the tests start with `posix_spawn`, never Foundation's `Process`: on Linux
/// `Process.run()` copies 256 bytes of every `/proc/self/fd` entry's name and now and then reads
/// past the end of a page, which crashes the whole test process (swift-corelibs-foundation
/// issue 5472, fixed in no released toolchain yet).
///
/// The parent's ends of its pipes are close-on-exec, so programs started meanwhile by other tests
/// do not hold them open. The child starts with no signal blocked; a signal the tests ignore it
/// ignores too (as with `Process`).
/// `@unchecked Sendable` is sound: the exit status is only read or written under `lock`.
public final class Spawned: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// The test process's own.
        case inherit
        /// A file, created or truncated.
        case file(String)
        /// A pipe; the parent's end is `input`, `output` or `errors`.
        case pipe
        /// This descriptor (the child gets a copy; the caller keeps and closes its own).
        case descriptor(Int32)
        /// Standard output's (for standard error only).
        case output
    }

    /// The child's process id.
    public let pid: pid_t
    /// The write end of the child's standard input, when it is a pipe.
    public private(set) var input: FileHandle?
    /// The read end of the child's standard output, when it is a pipe.
    public let output: FileHandle?
    /// The read end of the child's standard error, when it is a pipe of its own.
    public let errors: FileHandle?

    private let lock = NSLock()
    /// The raw status `waitpid` gave, once the program ended.
    private var status: Int32?

    /// Starts `executable` (a path; a bare name is looked up through `/usr/bin/env`) with
    /// `arguments`. `environment` entries are added to (nil values removed from) the test
    /// process's own environment.
    public init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null) throws {
        let path = executable.contains("/") ? executable : "/usr/bin/env"
        let argv = executable.contains("/") ? [executable] + arguments : ["/usr/bin/env", executable] + arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        var parentEnds: [Int32: Int32] = [:]
        do {
            for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
                switch stream {
                case .null:
                    posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
                case .inherit:
                    break
                case .file(let file):
                    posix_spawn_file_actions_addopen(&actions, target, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                case .descriptor(let descriptor):
                    posix_spawn_file_actions_adddup2(&actions, descriptor, target)
                case .output:
                    posix_spawn_file_actions_adddup2(&actions, 1, target)
                case .pipe:
                    let ends = try Self.closeOnExecPipe()
                    let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                    childEnds.append(childEnd)
                    parentEnds[target] = parentEnd
                    posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                }
            }
            // Nothing else of the test process goes to the child: without this a program inherits
            // every socket the tests hold open that is not close-on-exec (SwiftNIO's are not), and a
            // connection a test closes stays open in the child, its peer never told (seen: a server
            // closed, its client never saw the end while a tmux or partyhost started meanwhile ran).
            // Foundation's Process closed them one by one; glibc 2.34+ closes them in one action.
            try Self.closeOthers(&actions)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            let cArguments = argv.map { strdup($0) } + [nil]
            let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (cArguments + cEnvironment).forEach { free($0) } }
            var pid = pid_t()
            let spawned = posix_spawn(&pid, path, &actions, &attributes, cArguments, cEnvironment)
            guard spawned == 0 else { throw SpawnError.failed(argv.joined(separator: " "), spawned) }
            self.pid = pid
        } catch {
            parentEnds.values.forEach { close($0) }
            throw error
        }
        input = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errors = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Whether the program still runs.
    public var isRunning: Bool {
        lock.withLock {
            guard status == nil else { return false }
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, WNOHANG)
            guard reaped == pid else { return reaped == 0 }
            status = raw
            return false
        }
    }

    /// Waits for the program to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        lock.withLock {
            if let status { return Self.decode(status) }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
            status = raw
            return Self.decode(raw)
        }
    }

    /// The signal that ended the program, once it ended by one (nil: it exited, or runs).
    public var signalled: Int32? {
        lock.withLock { status.flatMap { $0 & 0x7f == 0 ? nil : $0 & 0x7f } }
    }

    /// Sends `number` to the program, while it runs.
    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Closes the program's standard input (it reads end of file).
    public func closeInput() {
        lock.withLock {
            try? input?.close()
            input = nil
        }
    }

    /// Reads `handle` to its end.
    public static func readAll(_ handle: FileHandle?) -> Data {
        guard let handle else { return Data() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Runs `executable` to its end with standard output and error in one pipe (standard input
    /// `/dev/null`, or `input`'s bytes); returns its status and what it printed.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil,
                           environment: [String: String?] = [:], errors: Stream = .output) throws -> (status: Int32, output: String) {
        let child = try Spawned(executable, arguments, environment: environment, stdin: input == nil ? .null : .pipe,
                                stdout: .pipe, stderr: errors)
        if let input {
            // Written on a thread of its own: a child that prints before it reads all its input
            // would otherwise wait on us while we wait on it.
            let writer = child.input
            let thread = Thread {
                try? writer?.write(contentsOf: Data(input))
                child.closeInput()
            }
            thread.start()
        }
        let data = readAll(child.output)
        return (child.wait(), String(decoding: data, as: UTF8.self))
    }

    /// Adds to `actions` the closing, in the child, of every descriptor above standard error
    /// (glibc's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time: Swift's Glibc
    /// module does not export it).
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) throws {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw SpawnError.failed("posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)", ENOSYS)
        }
        let added = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        guard added == 0 else { throw SpawnError.failed("posix_spawn_file_actions_addclosefrom_np", added) }
    }

    /// A pipe whose two ends are close-on-exec from the start (glibc's `pipe2`, which Swift's Glibc
    /// module does not export; else `pipe` and `fcntl`, with a moment in which a program started by
    /// another thread could inherit them).
    private static func closeOnExecPipe() throws -> [Int32] {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        var ends: [Int32] = [-1, -1]
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
            guard unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC) == 0 else { throw SpawnError.failed("pipe", errno) }
            return ends
        }
        guard pipe(&ends) == 0 else { throw SpawnError.failed("pipe", errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    private static func decode(_ raw: Int32) -> Int32 {
        raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
}

/// Why a program could not be started.
public enum SpawnError: Error, CustomStringConvertible {
    /// A system call failed: what, and its `errno`.
    case failed(String, Int32)

    public var description: String {
        switch self {
        case .failed(let what, let code): "could not start \(what): \(String(cString: strerror(code)))"
        }
    }
}
