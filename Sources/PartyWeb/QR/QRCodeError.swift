/// Why a QR code could not be made.
public enum QRCodeError: Error, Hashable, Sendable {
    /// The data does not fit in the largest version allowed at this error correction level.
    case dataTooLong(bytes: Int, maximum: Int, errorCorrection: QRErrorCorrection)
    /// The version range asked for is not within 1...40 or is empty.
    case invalidVersionRange(ClosedRange<Int>)
    /// The mask asked for is not within 0...7.
    case invalidMask(Int)
}

extension QRCodeError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .dataTooLong(bytes, maximum, level):
            "\(bytes) bytes do not fit in a QR code at error correction \(level) (at most \(maximum) bytes)."
        case let .invalidVersionRange(range):
            "QR code versions \(range.lowerBound)...\(range.upperBound) are not within 1...40."
        case let .invalidMask(mask):
            "QR code mask \(mask) is not within 0...7."
        }
    }
}
