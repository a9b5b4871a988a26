import CoreMetrics
import PartyServer
import Prometheus

/// `/metrics` of a party server, in Prometheus' text format: what the server holds (set at each
/// scrape from `RoomServer.census()`), and what the hosts count as they go (messages, refusals by
/// reason, journal commit times, rooms started).
public final class ServeMetrics: Sendable {
    /// The registry the process's metrics go to.
    public let registry: PrometheusCollectorRegistry

    /// Metrics in `registry`.
    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// Sets the process's metrics backend to a new Prometheus registry (once per process; a second
    /// call returns a registry of its own that the process's metrics do not reach).
    public static func bootstrap() -> ServeMetrics {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return ServeMetrics(registry: registry)
    }

    /// Rooms started from the front page.
    static let roomsStarted = Counter(label: "partyhost_rooms_started_total")

    /// The text of one scrape, with `census` as the gauges.
    public func scrape(_ census: RoomServer.Census) -> [UInt8] {
        registry.makeGauge(name: "partyhost_rooms", help: "Live rooms.").set(Double(census.rooms))
        registry.makeGauge(name: "partyhost_rooms_playing", help: "Rooms with a game on.").set(Double(census.playing))
        registry.makeGauge(name: "partyhost_players", help: "Players connected, bots included.").set(Double(census.players))
        registry.makeGauge(name: "partyhost_watchers", help: "Watchers connected (TVs, the audience).").set(Double(census.watchers))
        registry.makeGauge(name: "partyhost_connections", help: "Open connections.").set(Double(census.connections))
        return registry.emitToBuffer()
    }
}
