extension QRCode: CustomStringConvertible {
    /// "QR code 2-M, mask 7, 25×25 modules": what a failed test prints instead of every module.
    public var description: String {
        "QR code \(version)-\(errorCorrection), mask \(mask), \(size)×\(size) modules"
    }
}
