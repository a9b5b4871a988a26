import Logging
import NIOCore
import NIOPosix

extension ServiceBrowser {
    /// Asks the network whether a service is still there (RFC 6762 section 10.4), for a client that
    /// found the service's host gone (its TCP port refused the connection): sends queries for the
    /// instance's SRV and TXT twice, a second apart, with no known answers, so a live responder
    /// must answer. Every browser that holds those records and sees the queries go unanswered
    /// (ours, Avahi's, Bonjour's and python-zeroconf's all watch: section 10.5) drops them about
    /// ten seconds later instead of at the end of their TTL. Returns after the second query.
    public static func reconfirm(
        _ instanceName: String,
        serviceType: String = ServiceConfiguration.partyhostServiceType,
        interfaces: DiscoveryInterfaces = .automaticAndLoopback,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "partyhost.discovery.browser")
    ) async throws {
        let typeName = try ServiceNaming.serviceTypeName(serviceType)
        let fullName = try ServiceNaming.instanceName(instanceName, type: typeName)
        let query = DNSMessage(questions: [DNSQuestion(name: fullName, type: .srv), DNSQuestion(name: fullName, type: .txt)])
        try await MDNSTransport.withTransport(interfaces: interfaces, eventLoopGroup: eventLoopGroup, logger: logger) { transport in
            for round in 0..<reconfirmQueries {
                if round > 0 { try? await Task.sleep(for: .seconds(1)) }
                await transport.sendMulticast(query)
            }
        }
    }

    /// How many queries a reconfirmation sends (RFC 6762 section 10.4: two or more).
    static let reconfirmQueries = 2
}
