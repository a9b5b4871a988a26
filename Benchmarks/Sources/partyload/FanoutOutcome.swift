import Foundation
import Histogram
import NIOCore

/// What one `fanout` run measured, and the figures drawn from it.
struct FanoutOutcome {
    var kind: String
    var subscribers: Int
    var size: Int
    /// Views per second, or nil for as fast as the publisher goes.
    var rate: Int?
    /// When each view was published (uptime nanoseconds).
    var sent: [UInt64]
    /// The first view measured (after the warm-up).
    var measuredFrom: Int
    /// When each view reached each subscriber (0: never).
    var arrivals: [[UInt64]]
    var publishing: TimeAmount
    var publisherCPU: Double
    var serverCPU: Double?
    var subscriberCPU: Double

    /// Publish → the view at every subscriber (the last of them), per view measured.
    var everySubscriber: (latency: Histogram<UInt64>, missing: Int) {
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        var missing = 0
        for seq in measuredFrom..<sent.count {
            let instants = arrivals.map { seq < $0.count ? $0[seq] : 0 }
            guard !instants.contains(0), let last = instants.max() else { missing += 1; continue }
            _ = histogram.record(max(1, last &- sent[seq]))
        }
        return (histogram, missing)
    }

    /// Views per second that reached every subscriber: all views over first publish → last arrival.
    var deliveredRate: Double {
        guard let first = sent.first, let last = arrivals.compactMap({ $0.max() }).max(), last > first else { return 0 }
        return Double(sent.count) / (Double(last - first) / 1e9)
    }

    /// Views per second the publisher sent.
    var publishedRate: Double { Double(sent.count) / (Double(publishing.nanoseconds) / 1e9) }

    /// Microseconds of `seconds` per view.
    func perView(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6 / Double(max(1, sent.count))) }

    /// One line of the run's figures.
    var line: String {
        let (latency, missing) = everySubscriber
        let pace = rate.map { "\($0)/s" } ?? "flat out"
        return "\(kind) → \(subscribers) node(s), \(size) B, \(pace): \(sent.count) views; publish → every node: \(Self.millis(latency)); "
            + "missing \(missing); sent \(String(format: "%.0f", publishedRate))/s, at every node \(String(format: "%.0f", deliveredRate))/s; "
            + "CPU per view: publisher \(perView(publisherCPU)) µs, PostgreSQL \(serverCPU.map { perView($0) + " µs" } ?? "not read"), "
            + "each subscriber \(perView(subscriberCPU / Double(max(1, subscribers)))) µs"
    }

    /// A fixed-rate run and a flat-out run of the same transport, nodes and payload.
    struct Row {
        var steady: FanoutOutcome
        var burst: FanoutOutcome
    }

    /// The Markdown table of `rows`.
    static func table(_ rows: [Row], rate: Int) -> String {
        var lines = ["| transport | nodes | payload | publish → every node at \(rate)/s: p50 / p99 / max "
                     + "| publisher CPU per view: at \(rate)/s / flat out | PostgreSQL CPU per view: at \(rate)/s / flat out "
                     + "| highest rate (views/s at every node) |",
                     "| --- | ---: | ---: | --- | ---: | ---: | ---: |"]
        for row in rows {
            let steady = row.steady, burst = row.burst, (latency, missing) = steady.everySubscriber
            func ms(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / 1e6) }
            let figures = "\(ms(latency.valueAtPercentile(50))) / \(ms(latency.valueAtPercentile(99))) / \(ms(latency.maxRecorded)) ms"
                + (missing > 0 ? " (\(missing) missing)" : "")
            let server = steady.kind == "link" ? "–" : "\(steady.serverCPU.map { steady.perView($0) } ?? "?") / \(burst.serverCPU.map { burst.perView($0) } ?? "?") µs"
            lines.append("| \(steady.kind == "notify" ? "LISTEN/NOTIFY" : "node links") | \(steady.subscribers) | \(steady.size) B | \(figures) "
                         + "| \(steady.perView(steady.publisherCPU)) / \(burst.perView(burst.publisherCPU)) µs | \(server) "
                         + "| \(String(format: "%.0f", burst.deliveredRate)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `p50 … p99 … max … (n)` in milliseconds with two decimals.
    static func millis(_ histogram: Histogram<UInt64>) -> String {
        func ms(_ ns: UInt64) -> String { String(format: "%.2f ms", Double(ns) / 1e6) }
        return "p50 \(ms(histogram.valueAtPercentile(50))), p99 \(ms(histogram.valueAtPercentile(99))), max \(ms(histogram.maxRecorded)) "
            + "(\(histogram.totalCount) views)"
    }
}
