import Foundation

/// Decodes images with `zbarimg` (Debian's `zbar-tools`), an independent QR reader.
public enum ZBar {
    /// The path of `zbarimg`, if it is installed.
    public static let path: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg", "/opt/homebrew/bin/zbarimg"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public static var available: Bool { path != nil }

    public static let missing = "zbarimg is not installed (apt-get install zbar-tools): the QR codes are not decoded"

    /// A binary PBM (P4) image of `dark` (column, row → dark), `scale` pixels per module, with a light
    /// margin of `margin` modules (4 by default: a QR code's quiet zone).
    public static func pbm(size: Int, scale: Int = 3, margin: Int = 4, dark: (Int, Int) -> Bool) -> [UInt8] {
        let width = (size + 2 * margin) * scale
        let rowBytes = (width + 7) / 8
        var out = Array("P4\n\(width) \(width)\n".utf8)
        for y in -margin..<(size + margin) {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in -margin..<(size + margin) where dark(x, y) {
                for pixel in ((x + margin) * scale)..<((x + margin + 1) * scale) {
                    row[pixel / 8] |= 0x80 >> UInt8(pixel % 8)
                }
            }
            for _ in 0..<scale { out += row }
        }
        return out
    }

    /// What zbarimg reads from `image` (`--raw -q`: the data only), without the final line end.
    public static func decode(pbm image: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("partyweb-qr-\(UUID().uuidString).pbm")
        try Data(image).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var text = try Spawned.run(path!, ["--raw", "-q", file.path], errors: .null).output
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
