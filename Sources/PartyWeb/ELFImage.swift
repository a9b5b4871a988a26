/// What the host needs to know of an executable before handing it to guests: its ELF class, byte
/// order and machine (to compare with the host's own), and the shared libraries it needs (`DT_NEEDED`),
/// read from the file's header, program headers and dynamic section and nothing else.
struct ELFImage: Equatable {
    /// `ELFCLASS32` (1) or `ELFCLASS64` (2).
    var fileClass: UInt8
    /// `ELFDATA2LSB` (1, little-endian) or `ELFDATA2MSB` (2).
    var byteOrder: UInt8
    /// `e_machine` (62 for x86-64, 183 for AArch64).
    var machine: UInt16
    /// The file names of the libraries the program needs (`libc.so.6`), in file order.
    var needed: [String]

    /// The libraries of a Swift toolchain: a program that needs one of them runs only where that
    /// toolchain is (a build without `--static-swift-stdlib`).
    static let toolchainLibraryPrefixes = [
        "libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime",
        "libXCTest", "libTesting", "lib_Testing",
    ]

    /// The first library it needs that comes from a Swift toolchain, if any.
    var toolchainLibrary: String? {
        needed.first { name in Self.toolchainLibraryPrefixes.contains { name.hasPrefix($0) } }
    }

    /// Whether a program for `other` runs here: the same class, byte order and machine.
    func sameArchitecture(as other: ELFImage) -> Bool {
        fileClass == other.fileClass && byteOrder == other.byteOrder && machine == other.machine
    }

    /// Reads the image through `read(offset, count)`, which returns up to `count` bytes of the file at
    /// `offset` (fewer at its end). Throws `ClientDownloadError.notAProgram` for anything that is not a
    /// well-formed ELF executable.
    init(read: (_ offset: UInt64, _ count: Int) throws -> [UInt8]) throws {
        let header = try read(0, 64)
        guard header.count >= 52, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46,
              header[4] == 1 || header[4] == 2, header[5] == 1 || header[5] == 2 else {
            throw ClientDownloadError.notAProgram
        }
        fileClass = header[4]
        byteOrder = header[5]
        let wide = fileClass == 2
        let fields = ELFFields(littleEndian: byteOrder == 1)
        guard !wide || header.count >= 64 else { throw ClientDownloadError.notAProgram }
        machine = UInt16(fields.integer(header, at: 18, size: 2))
        let type = fields.integer(header, at: 16, size: 2)
        guard type == 2 || type == 3 else { throw ClientDownloadError.notAProgram } // ET_EXEC or ET_DYN
        let programHeaders = fields.integer(header, at: wide ? 32 : 28, size: wide ? 8 : 4)
        let entrySize = Int(fields.integer(header, at: wide ? 54 : 42, size: 2))
        let count = Int(fields.integer(header, at: wide ? 56 : 44, size: 2))
        guard count > 0 else { needed = []; return }
        guard entrySize >= (wide ? 56 : 32), count <= 512 else { throw ClientDownloadError.notAProgram }

        // The segments: where the dynamic section is, and how addresses map to file offsets.
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        let table = try read(programHeaders, entrySize * count)
        guard table.count == entrySize * count else { throw ClientDownloadError.notAProgram }
        for index in 0..<count {
            let base = index * entrySize
            let kind = fields.integer(table, at: base, size: 4)
            let offset = fields.integer(table, at: base + (wide ? 8 : 4), size: wide ? 8 : 4)
            let address = fields.integer(table, at: base + (wide ? 16 : 8), size: wide ? 8 : 4)
            let fileSize = fields.integer(table, at: base + (wide ? 32 : 16), size: wide ? 8 : 4)
            if kind == 1 { loads.append((address, offset, fileSize)) }       // PT_LOAD
            if kind == 2 { dynamic = (offset, fileSize) }                     // PT_DYNAMIC
        }
        guard let dynamic else { needed = []; return }                       // a static executable
        guard dynamic.size <= 1 << 20 else { throw ClientDownloadError.notAProgram }
        let section = try read(dynamic.offset, Int(dynamic.size))
        let entry = wide ? 16 : 8
        var neededOffsets: [UInt64] = []
        var stringTable: UInt64?
        var position = 0
        while position + entry <= section.count {
            let tag = fields.integer(section, at: position, size: entry / 2)
            let value = fields.integer(section, at: position + entry / 2, size: entry / 2)
            position += entry
            if tag == 0 { break }                                             // DT_NULL
            if tag == 1 { neededOffsets.append(value) }                       // DT_NEEDED
            if tag == 5 { stringTable = value }                               // DT_STRTAB (an address)
        }
        guard !neededOffsets.isEmpty else { needed = []; return }
        guard let stringTable,
              let segment = loads.first(where: { stringTable >= $0.address && stringTable - $0.address < $0.size }) else {
            throw ClientDownloadError.notAProgram
        }
        let (tableOffset, overflow) = segment.offset.addingReportingOverflow(stringTable - segment.address)
        guard !overflow else { throw ClientDownloadError.notAProgram }
        needed = try neededOffsets.map { offset in
            let (start, overflow) = tableOffset.addingReportingOverflow(offset)
            guard !overflow else { throw ClientDownloadError.notAProgram }
            let bytes = try read(start, 256)
            guard let end = bytes.firstIndex(of: 0) else { throw ClientDownloadError.notAProgram }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }
}

/// Reads ELF's fixed-size integers in the file's byte order.
private struct ELFFields {
    var littleEndian: Bool

    /// The `size`-byte unsigned integer at `offset` of `bytes` (0 past their end).
    func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        guard offset >= 0, offset + size <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(bytes[littleEndian ? offset + size - 1 - index : offset + index])
            value = value << 8 | byte
        }
        return value
    }
}
