/// Reed–Solomon error correction over GF(2⁸) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰…αⁿ⁻¹ (ISO/IEC 18004:2015, 7.5.2).
enum ReedSolomon {
    /// The product of two field elements (shift-and-add, reducing by 0x11D).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= ((Int(y) >> i) & 1) * Int(x)
        }
        return UInt8(z)
    }

    /// The generator polynomial of the given degree, highest coefficient first, the leading 1 left
    /// out: (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
    static func generator(degree: Int) -> [UInt8] {
        precondition((1...255).contains(degree))
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error correction codewords of `data`: the remainder of data·xⁿ divided by the generator.
    static func remainder(_ data: some Sequence<UInt8>, generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for (i, coefficient) in generator.enumerated() {
                result[i] ^= multiply(coefficient, factor)
            }
        }
        return result
    }
}
