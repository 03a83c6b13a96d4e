import Basics
import Deflate
import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records read back from a folder's WARC files, each by where its index says it lies: its
/// gzip member, inflated. The files stay open until the reader is let go of.
final class WARCFileRecords {
    /// A record's head fields by name, and its block.
    struct Record {
        let fields: [String: String]
        let block: [UInt8]

        /// An HTTP message's body: what follows its head; the whole block when it has none.
        var httpBody: ArraySlice<UInt8> {
            guard let end = HTTPMessageHead.endOfHead(in: block) else { return block[...] }
            return block[end...]
        }
    }

    private let folder: String
    private var descriptors: [String: Int32] = [:]
    /// The largest record read whole: a page or a feed page, never a picture.
    static let largestRecord = 64 << 20

    /// The fields of the first record of the WARC file `file` (its `warcinfo`): what wrote
    /// it, from which API.
    func firstRecordFields(of file: String) throws -> [String: String] {
        let descriptor = try open(file)
        var start = [UInt8](repeating: 0, count: 64 << 10)
        let read = try PlainFile.readAll(into: &start, from: descriptor, at: 0)
        // Its head and its block (`application/warc-fields`) alike: lines of names and values.
        return Self.fields(in: try Zlib.inflate(Array(start.prefix(read)), maxOutput: 1 << 20, gzip: true)[...])
    }

    /// The `Name: value` lines of `lines` by name, the first of each name kept.
    private static func fields(in lines: ArraySlice<UInt8>) -> [String: String] {
        var fields: [String: String] = [:]
        for line in lines.split(separator: UInt8(ascii: "\n")) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            if fields[name] == nil {
                fields[name] = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return fields
    }

    init(folder: String) {
        self.folder = folder
    }

    deinit {
        for descriptor in descriptors.values { close(descriptor) }
    }

    /// The record of `file` at `offset`, `length` bytes of gzip.
    func record(in file: String, offset: Int, length: Int) throws -> Record {
        let descriptor = try open(file)
        var member = [UInt8](repeating: 0, count: length)
        guard try PlainFile.readAll(into: &member, from: descriptor, at: offset) == length else {
            throw WARCError.recordCut(file, offset: offset)
        }
        // A gzip member ends with its inflated size (modulo 2³²): room for that, not more.
        let size = member.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        let bytes = try Zlib.inflate(member, maxOutput: min(size, Self.largestRecord), gzip: true)
        guard let end = HTTPMessageHead.endOfHead(in: bytes) else { throw WARCError.recordCut(file, offset: offset) }
        let fields = Self.fields(in: bytes[..<end])
        let length = Int(fields["Content-Length"] ?? "") ?? 0
        guard end + length <= bytes.count else { throw WARCError.recordCut(file, offset: offset) }
        return Record(fields: fields, block: Array(bytes[end..<(end + length)]))
    }

    private func open(_ file: String) throws -> Int32 {
        if let descriptor = descriptors[file] { return descriptor }
        let descriptor = try PlainFile.open(folder + "/" + file, O_RDONLY | O_CLOEXEC)
        descriptors[file] = descriptor
        return descriptor
    }
}
