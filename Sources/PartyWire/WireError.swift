/// Why bytes from a peer could not be read as a message.
public enum WireError: Error, Hashable, Sendable {
    /// The frame's length prefix announced more than the limit.
    case frameTooLarge(length: Int, limit: Int)
    /// The frame is not a JSON object.
    case invalidJSON(detail: String)
    /// The object has no string `type` or no integer `seq`.
    case missingEnvelope
    /// The `type` is not one this protocol knows.
    case unknownType(String)
    /// `seq` did not increase.
    case badSequence(got: Int, previous: Int)
    /// The fields do not fit the message type.
    case invalidFields(type: String, detail: String)

    /// The machine-readable reason sent in an `error` message.
    public var reason: String {
        switch self {
        case .frameTooLarge: "frameTooLarge"
        case .invalidJSON: "invalidJSON"
        case .missingEnvelope: "missingEnvelope"
        case .unknownType: "unknownType"
        case .badSequence: "badSequence"
        case .invalidFields: "invalidFields"
        }
    }
}

extension WireError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .frameTooLarge(let length, let limit):
            "A frame of \(length) bytes is over the limit of \(limit) bytes."
        case .invalidJSON(let detail):
            "The frame is not a valid JSON object (\(detail))."
        case .missingEnvelope:
            "Every message needs a string \"type\" and an integer \"seq\"."
        case .unknownType(let type):
            "Unknown message type \"\(type)\"."
        case .badSequence(let got, let previous):
            "Sequence number \(got) does not follow \(previous); seq must increase with every message."
        case .invalidFields(let type, let detail):
            "The fields of this \"\(type)\" message are not valid: \(detail)."
        }
    }
}
