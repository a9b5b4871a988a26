/// One file the host serves over HTTP, held in the binary.
public struct WebAsset: Sendable, Hashable {
    /// The `Content-Type` header value.
    public var contentType: String
    /// The bytes.
    public var body: [UInt8]
    /// The `Cache-Control` header value.
    public var cacheControl: String

    /// An asset with these bytes; `no-cache` by default (a browser asks again, so a new host build
    /// is seen at once).
    public init(contentType: String, body: [UInt8], cacheControl: String = "no-cache") {
        self.contentType = contentType
        self.body = body
        self.cacheControl = cacheControl
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

    /// A table with these assets.
    public init(_ byPath: [String: WebAsset]) {
        self.byPath = byPath
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
