import Foundation
import PartyWeb

/// Decodes images with `zbarimg` (Debian's `zbar-tools`), an independent QR reader.
enum ZBar {
    /// The path of `zbarimg`, if it is installed.
    static let path: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg", "/opt/homebrew/bin/zbarimg"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var available: Bool { path != nil }

    static let missing = "zbarimg is not installed (apt-get install zbar-tools): the QR codes are not decoded"

    /// A plain PBM (P1) image of `dark` (row by row), `scale` pixels per module, with a light margin
    /// of `margin` modules.
    static func pbm(size: Int, scale: Int = 4, margin: Int = QRCode.quietZone, dark: (Int, Int) -> Bool) -> String {
        let width = (size + 2 * margin) * scale
        var out = "P1\n\(width) \(width)\n"
        for y in -margin..<(size + margin) {
            var line = ""
            for x in -margin..<(size + margin) {
                let bit = dark(x, y) ? "1 " : "0 "
                for _ in 0..<scale { line += bit }
            }
            line += "\n"
            for _ in 0..<scale { out += line }
        }
        return out
    }

    /// What zbarimg reads from `image` (`--raw -q`: the data only), without the final line end.
    static func decode(pbm image: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("partyweb-qr-\(UUID().uuidString).pbm")
        try image.write(to: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["--raw", "-q", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
