import Foundation
import NIOCore
import NIOPosix
import Synchronization
import PartyTestSupport
import Testing
@testable import PartyWeb

/// `GET /partyclient` and `/partyclient.sha256`: only a self-contained program of the host's
/// architecture is handed out, streamed from the file, and everything else is a 404 that says why.
@Suite("Web transport: the partyclient download")
struct ClientDownloadTests {
    /// A scratch folder with a `partyclient` made by `make`, served by a test server.
    static func serving(_ make: (URL) throws -> Void, options: WebOptions = .forTests,
                        _ body: (TestServer, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("partyclient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("partyclient")
        try make(file)
        var options = options
        options.clientDownload = ClientDownload(filePath: file.path)
        let server = try await TestServer.start(options)
        do {
            try await body(server, file)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// One request on a new connection; the response, once complete.
    static func get(_ path: String, from server: TestServer, method: String = "GET") async throws -> RawResponse? {
        let client = try await RawClient.connect(to: server)
        try await client.send("\(method) \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
        await client.wait { bytes, closed in closed || RawResponse.parse(bytes, head: method == "HEAD") != nil }
        await client.close()
        return RawResponse.parse(client.received.bytes, head: method == "HEAD")
    }

    /// `sha256sum`'s answer for a file (an implementation other than the host's).
    static func sha256sum(_ file: URL) throws -> String {
        let output = try Spawned.run("/usr/bin/sha256sum", [file.path], errors: .null).output
        return String(output.prefix(64))
    }

    /// A program that needs only the C library, padded to `size` bytes so it takes many writes.
    static func selfContained(size: Int = 3 << 20) -> @Sendable (URL) throws -> Void {
        { file in
            var bytes = TinyELF.make(needed: ["libc.so.6", "libm.so.6"])
            bytes += (0..<(size - bytes.count)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            try Data(bytes).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
    }

    @Test("a self-contained partyclient is served as it is on disk, with its SHA-256 and the usual headers")
    func servesTheProgram() async throws {
        try await Self.serving(Self.selfContained()) { server, file in
            let expected = try Data(contentsOf: file)
            let response = try #require(try await Self.get("/partyclient", from: server))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/octet-stream")
            #expect(response.header("Content-Length") == "\(expected.count)")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Connection") == "keep-alive")
            #expect(response.body.count == expected.count)
            #expect(response.body == Array(expected))

            let checksum = try #require(try await Self.get("/partyclient.sha256", from: server))
            #expect(checksum.status == 200)
            #expect(checksum.text == "\(try Self.sha256sum(file))  partyclient\n")

            // What a page asks: always 200, so no failed load shows in its console.
            let info = try #require(try await Self.get("/partyclient.json", from: server))
            #expect(info.status == 200)
            #expect(info.header("Content-Type") == "application/json")
            #expect(info.text == #"{"available":true,"sha256":"\#(try Self.sha256sum(file))","size":\#(expected.count)}"# + "\n")

            let head = try #require(try await Self.get("/partyclient", from: server, method: "HEAD"))
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\(expected.count)")
            #expect(head.body.isEmpty && head.rest.isEmpty)
        }
    }

    @Test("a real program that needs only the C library (/bin/true) is handed out")
    func servesARealProgram() async throws {
        try await Self.serving({ try FileManager.default.copyItem(atPath: "/bin/true", toPath: $0.path) }) { server, file in
            let checksum = try #require(try await Self.get("/partyclient.sha256", from: server))
            #expect(checksum.status == 200, "\(checksum.text)")
            #expect(checksum.text == "\(try Self.sha256sum(file))  partyclient\n")
        }
    }

    @Test("requests pipelined behind a download are answered after it, in order")
    func pipelinedRequestsWait() async throws {
        try await Self.serving(Self.selfContained()) { server, file in
            let client = try await RawClient.connect(to: server)
            try await client.send("GET /partyclient.sha256 HTTP/1.1\r\nHost: h\r\n\r\nGET /partyclient HTTP/1.1\r\nHost: h\r\n\r\n"
                                  + "GET /style.css HTTP/1.1\r\nHost: h\r\n\r\nGET /nope HTTP/1.1\r\nHost: h\r\n\r\n")
            await client.wait { bytes, closed in
                closed || RawResponse.parse(bytes).flatMap { RawResponse.parse($0.rest) }.flatMap { RawResponse.parse($0.rest) }
                    .flatMap { RawResponse.parse($0.rest) } != nil
            }
            await client.close()
            let first = try #require(RawResponse.parse(client.received.bytes))
            let second = try #require(RawResponse.parse(first.rest))
            let third = try #require(RawResponse.parse(second.rest))
            let fourth = try #require(RawResponse.parse(third.rest))
            #expect(first.text.hasSuffix("  partyclient\n"))
            let expected = Array(try Data(contentsOf: file))
            #expect(second.status == 200 && second.body == expected)
            #expect(third.status == 200 && third.header("Content-Type")?.hasPrefix("text/css") == true)
            #expect(fourth.status == 404)
        }
    }

    /// What is not handed out, and the reason the 404 gives.
    static let refused: [(String, @Sendable (URL) throws -> Void, String)] = [
        ("nothing there", { _ in }, "there is no partyclient beside"),
        ("a directory", { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }, "not a regular file"),
        ("a symbolic link to a good program", { file in
            let target = file.deletingLastPathComponent().appendingPathComponent("real")
            try ClientDownloadTests.selfContained()(target)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        }, "not a regular file"),
        ("a text file", { try Data("#!/bin/sh\necho hi\n".utf8).write(to: $0) }, "not a program"),
        ("a truncated ELF header", { try Data(TinyELF.make(needed: ["libc.so.6"]).prefix(30)).write(to: $0) }, "not a program"),
        ("an ELF whose tables point past its end", { file in
            var bytes = TinyELF.make(needed: ["libc.so.6"])
            for index in 32..<40 { bytes[index] = 0xFF }   // e_phoff
            try Data(bytes).write(to: file)
        }, "not a program"),
        ("a program for another machine", { try Data(TinyELF.make(machine: 183, needed: ["libc.so.6"])).write(to: $0) },
         "another kind of machine"),
        ("a program that needs the Swift toolchain", { try Data(TinyELF.make(needed: ["libswiftCore.so", "libc.so.6"])).write(to: $0) },
         "needs the Swift toolchain (libswiftCore.so)"),
    ]

    @Test("anything but a self-contained program of the host's architecture is a 404 that says why and how to get one",
          arguments: 0..<refused.count)
    func refusesTheRest(index: Int) async throws {
        let (_, make, reason) = Self.refused[index]
        try await Self.serving(make) { server, _ in
            for path in ["/partyclient", "/partyclient.sha256"] {
                let response = try #require(try await Self.get(path, from: server))
                #expect(response.status == 404, "\(path)")
                #expect(response.text.hasPrefix("404 Not Found: "), "\(response.text)")
                #expect(response.text.contains(reason), "\(response.text)")
                #expect(response.text.contains("swift build -c release --static-swift-stdlib"), "\(response.text)")
                #expect(response.text.filter { $0 == "\n" }.count == 1 && response.text.hasSuffix("\n"))
                #expect(response.header("Connection") == "keep-alive")
            }
            let info = try #require(try await Self.get("/partyclient.json", from: server))
            #expect(info.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any], "\(info.text)")
            #expect(object["available"] as? Bool == false)
            #expect((object["reason"] as? String)?.contains(reason) == true, "\(info.text)")
        }
    }

    @Test("a host that cannot hand out anything still answers /partyclient.json with 200")
    func infoWithoutADownload() async throws {
        var options = WebOptions.forTests
        options.clientDownload = nil
        let server = try await TestServer.start(options)
        let info = try #require(try await Self.get("/partyclient.json", from: server))
        try await server.stop()
        #expect(info.status == 200)
        #expect(info.text == #"{"available":false,"reason":"there is no partyclient beside this host's partyhost"}"# + "\n")
    }

    @Test("the debug build's own partyclient, which loads the toolchain's libraries, is not handed out")
    func refusesTheDebugBuild() async throws {
        // The test bundle sits beside the programs `swift build` made (.build/debug).
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let built = folder.appendingPathComponent("partyclient")
        try #require(FileManager.default.isExecutableFile(atPath: built.path), "no \(built.path): run swift build first")
        var options = WebOptions.forTests
        options.clientDownload = ClientDownload(filePath: built.path)
        let server = try await TestServer.start(options)
        let response = try #require(try await Self.get("/partyclient", from: server))
        try await server.stop()
        #expect(response.status == 404)
        #expect(response.text.contains("needs the Swift toolchain (libswift"), "\(response.text)")
    }

    @Test("a download the guest reads slowly is never idle, and the idle limit passing meanwhile does not cut it")
    func aStalledDownloadIsNotIdle() async throws {
        var options = WebOptions.forTests
        options.idleTimeout = .milliseconds(200)
        // 64 MiB: more than the loopback's socket buffers hold, so the host cannot finish before the guest reads.
        let size = 64 << 20
        try await Self.serving({ file in
            try Data(TinyELF.make(needed: ["libc.so.6"])).write(to: file)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        }, options: options) { [options] _, file in
            // A server of its own, to hear the connection's idle reports (the registry's signal).
            let idle = IdleReports()
            let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        var download = options
                        download.clientDownload = ClientDownload(filePath: file.path)
                        try WebTransport.configure(channel, options: download, idle: { value in idle.append(value) },
                                                   configureWire: { _ in }, configureWebSocket: { _ in })
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            let counter = ByteCounter()
            let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.autoRead, value: false)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(counter) }
                }
                .connect(host: "127.0.0.1", port: server.localAddress!.port!).get()
            try await client.writeAndFlush(ByteBuffer(string: "GET /partyclient HTTP/1.1\r\nHost: h\r\n\r\n"))
            // One read: the answer has begun; then the guest stops reading for longer than the idle limit.
            client.read()
            let begun = ContinuousClock.now + .seconds(120)
            while counter.total == 0 && !counter.closed && ContinuousClock.now < begun { try await Task.sleep(for: .milliseconds(10)) }
            #expect(counter.total > 0, "nothing of the answer arrived")
            try await Task.sleep(for: .seconds(1))
            #expect(!idle.values.contains(true), "reported idle in the middle of an answer")
            #expect(client.isActive, "the idle limit cut the download")
            try await client.setOption(.autoRead, value: true).get()
            client.read()
            let deadline = ContinuousClock.now + .seconds(300)
            while !counter.closed && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            let headLength = counter.head.firstRange(of: Array("\r\n\r\n".utf8)).map { $0.upperBound } ?? 0
            #expect(headLength > 0)
            // All of it arrived, then the host closed (the idle limit had passed while it was written).
            #expect(counter.total == headLength + size)
            #expect(counter.closed)
            try await server.close()
        }
    }
}

/// What a connection's `idle` callback was told, in order.
final class IdleReports: Sendable {
    private let reports = Mutex<[Bool]>([])
    var values: [Bool] { reports.withLock { $0 } }
    func append(_ value: Bool) { reports.withLock { $0.append(value) } }
}

/// Counts what a client receives and keeps its first bytes.
final class ByteCounter: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let state = Mutex<(total: Int, head: [UInt8], closed: Bool)>((0, [], false))
    var total: Int { state.withLock { $0.total } }
    var head: [UInt8] { state.withLock { $0.head } }
    var closed: Bool { state.withLock { $0.closed } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        state.withLock { state in
            state.total += buffer.readableBytes
            if state.head.count < 4096 { state.head += Array(buffer.readableBytesView.prefix(4096 - state.head.count)) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) { state.withLock { $0.closed = true } }
}

/// The smallest ELF64 little-endian shared object that names the libraries it needs: a header, a
/// load segment over the whole file, a dynamic segment, and the string table.
enum TinyELF {
    static func make(machine: UInt16 = hostMachine, needed: [String]) -> [UInt8] {
        func put(_ value: UInt64, _ size: Int, into bytes: inout [UInt8], at offset: Int) {
            for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        let base: UInt64 = 0x40_0000
        var strings: [UInt8] = [0]
        var offsets: [Int] = []
        for name in needed {
            offsets.append(strings.count)
            strings += Array(name.utf8) + [0]
        }
        let stringsAt = 64 + 2 * 56
        var dynamicAt = stringsAt + strings.count
        dynamicAt += (8 - dynamicAt % 8) % 8
        let dynamicSize = (needed.count + 2) * 16
        var bytes = [UInt8](repeating: 0, count: dynamicAt + dynamicSize)
        bytes[0...6] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1]
        put(3, 2, into: &bytes, at: 16)                       // ET_DYN
        put(UInt64(machine), 2, into: &bytes, at: 18)
        put(1, 4, into: &bytes, at: 20)
        put(64, 8, into: &bytes, at: 32)                      // e_phoff
        put(64, 2, into: &bytes, at: 52)
        put(56, 2, into: &bytes, at: 54)
        put(2, 2, into: &bytes, at: 56)
        // PT_LOAD over the whole file, PT_DYNAMIC over the dynamic section.
        put(1, 4, into: &bytes, at: 64)
        put(0, 8, into: &bytes, at: 64 + 8)
        put(base, 8, into: &bytes, at: 64 + 16)
        put(UInt64(bytes.count), 8, into: &bytes, at: 64 + 32)
        put(UInt64(bytes.count), 8, into: &bytes, at: 64 + 40)
        put(2, 4, into: &bytes, at: 120)
        put(UInt64(dynamicAt), 8, into: &bytes, at: 120 + 8)
        put(base + UInt64(dynamicAt), 8, into: &bytes, at: 120 + 16)
        put(UInt64(dynamicSize), 8, into: &bytes, at: 120 + 32)
        put(UInt64(dynamicSize), 8, into: &bytes, at: 120 + 40)
        bytes.replaceSubrange(stringsAt..<(stringsAt + strings.count), with: strings)
        var entry = dynamicAt
        for offset in offsets {
            put(1, 8, into: &bytes, at: entry)                // DT_NEEDED
            put(UInt64(offset), 8, into: &bytes, at: entry + 8)
            entry += 16
        }
        put(5, 8, into: &bytes, at: entry)                    // DT_STRTAB
        put(base + UInt64(stringsAt), 8, into: &bytes, at: entry + 8)
        return bytes                                          // DT_NULL: the zeros that end it
    }

    /// The machine of the running test process (e_machine of /proc/self/exe).
    static let hostMachine: UInt16 = {
        let header = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/exe")).read(upToCount: 20)) ?? nil
        guard let header, header.count >= 20 else { return 62 }
        return UInt16(header[18]) | UInt16(header[19]) << 8
    }()
}
