/// Standard base64 (RFC 4648) without Foundation.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes of `text` (whitespace ignored, `=` padding optional); nil for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 where byte != 32 && byte != 9 && byte != 10 && byte != 13 {
            if byte == UInt8(ascii: "=") { padding += 1; continue }
            guard padding == 0, let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(value))
        }
        guard padding <= 2, values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = Array(values[index..<min(index + 4, values.count)])
            let n = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (18 - 6 * UInt32($1.offset)) }
            out.append(UInt8(n >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            index += 4
        }
        return out
    }
}
