import FourInARow
import Foundation
import FuzzChecks
import NIOCore
import PartyDiscovery
import PartyKit
import PartyWire
import Snap
import SunTouch
import TwentyFour

/// Writes the seed corpus: real messages from the codec, real games' moves and views, real mDNS
/// packets from the project's serializer. Run from `Fuzz/`: `swift run make-corpus`.
@main
enum MakeCorpus {
    static func main() throws {
        let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Corpus")
        let bodies = try Bodies.all()
        try write(bodies, to: root.appendingPathComponent("messages"))
        try write(Streams.all(bodies), to: root.appendingPathComponent("frames"))
        try write(Packets.all(), to: root.appendingPathComponent("mdns"))
        // Every seed must pass its own target's checks before it is committed.
        for (_, body) in bodies { MessageChecks.check(body: body) }
        for (_, stream) in Streams.all(bodies) { FrameChecks.check(stream: stream) }
        for (_, packet) in Packets.all() { PacketChecks.check(packet: packet) }
        print("wrote \(bodies.count) messages, \(Streams.all(bodies).count) streams, \(Packets.all().count) packets")
    }

    /// Replaces the folder's files with `seeds`, one file per seed.
    static func write(_ seeds: [(String, [UInt8])], to folder: URL) throws {
        let files = FileManager.default
        try? files.removeItem(at: folder)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in seeds {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
    }
}
