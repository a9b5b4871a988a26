import NIOCore
import NIOHTTP1

extension ClientDownload {
    /// The request paths it answers.
    static let paths: Set<String> = [programPath, checksumPath, infoPath]

    /// The body of `infoPath`: whether a program is handed out, with its checksum and size or why not.
    static func infoJSON(_ result: Result<(sha256: String, size: Int), ClientDownloadError>) -> [UInt8] {
        switch result {
        case let .success(file):
            return Array(#"{"available":true,"sha256":"\#(file.sha256)","size":\#(file.size)}"#.utf8) + [0x0A]
        case let .failure(error):
            return Array(#"{"available":false,"reason":"\#(jsonEscaped("\(error)"))"}"#.utf8) + [0x0A]
        }
    }

    /// `text` as the inside of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The one line of a 404 at either path: why, and how to get a `partyclient` otherwise.
    static func notFoundText(_ error: ClientDownloadError) -> String {
        "404 Not Found: \(error). Get partyclient with the partyhost package (it installs one beside partyhost), "
            + "or build it: swift build -c release --static-swift-stdlib --product partyclient (README, Install).\n"
    }
}

extension HTTPAssetHandler {
    /// Answers `/partyclient` or `/partyclient.sha256`: the file is opened and checked on NIO's
    /// thread pool, then the program is written with sendfile (a `FileRegion`, never held in memory).
    /// Requests that arrive meanwhile wait, and are answered in order after it.
    func answerDownload(_ download: ClientDownload, path: String, head: HTTPRequestHead, keepAlive: Bool,
                        context: ChannelHandlerContext) {
        held = ([], nil)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        download.open(on: context.eventLoop).whenComplete { result in
            let (handler, context) = bound.value
            guard context.channel.isActive else {
                if case let .success(file) = result { try? file.handle.close() }
                return
            }
            let done: EventLoopFuture<Void>
            switch result {
            case let .success(file) where path == ClientDownload.programPath:
                let region = head.method == .HEAD ? nil : FileRegion(fileHandle: file.handle, readerIndex: 0, endIndex: file.size)
                done = handler.write(status: .ok, contentType: "application/octet-stream", cacheControl: "no-cache",
                                     body: nil, file: region, length: file.size,
                                     extra: [("Content-Disposition", "attachment; filename=\"\(ClientDownload.fileName)\"")],
                                     keepAlive: keepAlive, context: context)
                // The handle stays open until sendfile has written the last byte.
                done.whenComplete { _ in try? file.handle.close() }
            case let .success(file) where path == ClientDownload.infoPath:
                try? file.handle.close()
                let body = ClientDownload.infoJSON(.success((file.sha256, file.size)))
                done = handler.write(status: .ok, contentType: "application/json", cacheControl: "no-cache",
                                     body: head.method == .HEAD ? nil : body, length: body.count,
                                     keepAlive: keepAlive, context: context)
            case let .failure(error) where path == ClientDownload.infoPath:
                let body = ClientDownload.infoJSON(.failure(error as? ClientDownloadError ?? .unreadable(errno: 0)))
                done = handler.write(status: .ok, contentType: "application/json", cacheControl: "no-cache",
                                     body: head.method == .HEAD ? nil : body, length: body.count,
                                     keepAlive: keepAlive, context: context)
            case let .success(file):
                try? file.handle.close()
                let body = Array("\(file.sha256)  \(ClientDownload.fileName)\n".utf8)
                done = handler.write(status: .ok, contentType: "text/plain; charset=utf-8", cacheControl: "no-cache",
                                     body: head.method == .HEAD ? nil : body, length: body.count,
                                     keepAlive: keepAlive, context: context)
            case let .failure(error):
                let reason = error as? ClientDownloadError ?? .unreadable(errno: 0)
                let body = Array(ClientDownload.notFoundText(reason).utf8)
                done = handler.write(status: .notFound, contentType: "text/plain; charset=utf-8", cacheControl: "no-store",
                                     body: head.method == .HEAD ? nil : body, length: body.count,
                                     keepAlive: keepAlive, context: context)
            }
            done.whenComplete { _ in
                let (handler, context) = bound.value
                handler.resumeAfterDownload(context: context)
            }
        }
    }

    /// Handles what arrived during a download, in order: the requests, then an error the head
    /// guard raised meanwhile.
    private func resumeAfterDownload(context: ChannelHandlerContext) {
        guard let waiting = held else { return }
        held = nil
        guard !state.closing, context.channel.isActive else { return }
        for (index, part) in waiting.parts.enumerated() {
            handle(part, context: context)
            if held != nil {
                // Another download began: the rest waits behind it.
                held?.parts.append(contentsOf: waiting.parts[(index + 1)...])
                if held?.error == nil { held?.error = waiting.error }
                return
            }
            if state.closing { return }
        }
        if let error = waiting.error { errorCaught(context: context, error: error) }
    }
}
