/// One file the host serves over HTTP, held in the binary.
public struct WebAsset: Sendable, Hashable {
    /// The `Content-Type` header value.
    public var contentType: String
    /// The bytes.
    public var body: [UInt8]
    /// The `Cache-Control` header value.
    public var cacheControl: String
    /// The strong entity tag of `body` (quoted), sent as `ETag` and compared with `If-None-Match`;
    /// nil: neither (an asset made per request).
    public var etag: String?
    /// `body` gzipped, when that is smaller; served to a request that accepts gzip.
    public var gzipped: [UInt8]?

    /// An asset with these bytes; `no-cache` by default (a browser asks again, so a new host build
    /// is seen at once).
    public init(contentType: String, body: [UInt8], cacheControl: String = "no-cache") {
        self.contentType = contentType
        self.body = body
        self.cacheControl = cacheControl
    }

    /// This asset with its `etag` and `gzipped` body computed (once, when a table is made).
    public func prepared() -> WebAsset {
        var asset = self
        asset.etag = "\"\(Self.fingerprint(body))\""
        if let gzip = GzipEncoder.compress(body), gzip.count < body.count { asset.gzipped = gzip }
        return asset
    }

    /// The entity tag of the gzipped body: the plain one with `-gzip` inside the quotes (each
    /// encoding is its own representation, so its own strong tag).
    public var gzipEtag: String? {
        etag.map { String($0.dropLast()) + "-gzip\"" }
    }

    /// 16 hex digits of FNV-1a (64-bit) over the bytes and their count.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash ^ UInt64(bytes.count), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A UTF-8 text asset.
    public init(contentType: String, text: String, cacheControl: String = "no-cache") {
        self.init(contentType: contentType, body: Array(text.utf8), cacheControl: cacheControl)
    }
}

/// The table of files the host serves: request path → asset. There is no file system behind it;
/// a path not in the table is 404.
public struct WebAssets: Sendable {
    /// The assets by exact path (`/`, `/app.js`); no percent-decoding, no `..`, no index files.
    public var byPath: [String: WebAsset]

    /// A table with these assets, each `prepared()` (entity tag, gzipped body).
    public init(_ byPath: [String: WebAsset]) {
        self.byPath = byPath.mapValues { $0.prepared() }
    }

    /// The asset at `path`, if any.
    public subscript(path: String) -> WebAsset? { byPath[path] }

    /// What this build serves: the browser client (Web/ and each game's Web/ presenter, generated
    /// into `WebPage` by `new-game --sync`), each alias (`/`, `/tv`) serving its page's text.
    public static let builtIn: WebAssets = {
        var byPath = Dictionary(uniqueKeysWithValues: WebPage.files.map { file in
            (file.path, WebAsset(contentType: file.contentType, text: file.text))
        })
        for (alias, path) in WebPage.aliases { byPath[alias] = byPath[path] }
        return WebAssets(byPath)
    }()
}
