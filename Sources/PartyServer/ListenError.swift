import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the host could not open its listening port.
public enum ListenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another program listens on the port already.
    case portInUse(address: String, port: Int)
    /// The port needs privileges this process lacks (ports below 1024).
    case notPermitted(address: String, port: Int)
    /// The address is not one of this machine's.
    case addressUnavailable(address: String, port: Int)
    /// Any other failure, with the system's words.
    case failed(address: String, port: Int, detail: String)

    public var description: String {
        switch self {
        case .portInUse(let address, let port):
            return "Port \(port) is in use on \(Self.shown(address)): another program listens there. "
                + "Choose another with --port, or leave --port out to take any free port."
        case .notPermitted(let address, let port):
            return "Port \(port) on \(Self.shown(address)) needs privileges this user lacks; choose a port from 1024 up with --port."
        case .addressUnavailable(let address, let port):
            return "\(address) is not an address of this machine, so port \(port) cannot be opened on it; check --bind."
        case .failed(let address, let port, let detail):
            return "Port \(port) on \(Self.shown(address)) could not be opened: \(detail)."
        }
    }

    /// The error `error` from binding `address`:`port`, in these words.
    static func from(_ error: any Error, address: String, port: Int) -> ListenError {
        if let listen = error as? ListenError { return listen }
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: return .portInUse(address: address, port: port)
            case EACCES, EPERM: return .notPermitted(address: address, port: port)
            case EADDRNOTAVAIL: return .addressUnavailable(address: address, port: port)
            default: break
            }
        }
        return .failed(address: address, port: port, detail: "\(error)")
    }

    private static func shown(_ address: String) -> String {
        address == HostOptions.bothFamilies ? "every address" : address
    }
}
