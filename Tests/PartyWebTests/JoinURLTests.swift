import NIOCore
import Testing
import PartyWeb

@Suite("Join URL")
struct JoinURLTests {
    @Test func formatsHostsAndAddresses() throws {
        #expect(JoinURL.http(host: "192.168.1.20", port: 7777) == "http://192.168.1.20:7777/")
        #expect(JoinURL.http(host: "alices-mac.local", port: 80) == "http://alices-mac.local:80/")
        #expect(JoinURL.http(host: "fd00::1", port: 7777) == "http://[fd00::1]:7777/")
        #expect(JoinURL.http(host: "[2001:DB8::7]", port: 1) == "http://[2001:db8::7]:1/")
        #expect(JoinURL.http(address: try SocketAddress(ipAddress: "10.0.0.7", port: 4711)) == "http://10.0.0.7:4711/")
        #expect(JoinURL.http(address: try SocketAddress(ipAddress: "fd12::42", port: 4711)) == "http://[fd12::42]:4711/")
    }

    @Test func refusesWhatABrowserCannotOpen() throws {
        #expect(JoinURL.http(host: "fe80::1", port: 7777) == nil)
        #expect(JoinURL.http(host: "fe80::1%en0", port: 7777) == nil)
        #expect(JoinURL.http(host: "fd00::1", port: 0) == nil)
        #expect(JoinURL.http(host: "a b", port: 7777) == nil)
        #expect(JoinURL.http(host: "x/<script>", port: 7777) == nil)
        #expect(JoinURL.http(address: try SocketAddress(ipAddress: "::", port: 7777)) == nil)
        #expect(JoinURL.http(address: try SocketAddress(ipAddress: "fe80::2", port: 7777)) == nil)
    }

    @Test func aQRCodeDescribesItselfBriefly() throws {
        #expect(try QRCode(encoding: "http://192.168.1.20:7777/", mask: 7).description == "QR code 2-M, mask 7, 25×25 modules")
    }
}
