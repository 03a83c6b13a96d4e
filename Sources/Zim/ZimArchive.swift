import Hashing

/// A ZIM file read back, for `verify` and the tests: its header, MIME list, entries, blobs
/// (of uncompressed clusters) and checksum. Every offset and size it reads is checked
/// against the file before it is used.
public final class ZimArchive {
    public struct Header: Equatable, Sendable {
        public let majorVersion: UInt16
        public let minorVersion: UInt16
        public let uuid: [UInt8]
        public let entryCount: Int
        public let clusterCount: Int
        public let urlPointersStart: Int
        public let titleIndexStart: Int
        public let clusterPointersStart: Int
        public let mimeListStart: Int
        public let mainPage: UInt32
        public let layoutPage: UInt32
        public let checksumStart: Int
    }

    public struct Entry: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            case blob(cluster: Int, number: Int)
            case redirect(Int)
        }

        public let namespace: Character
        public let path: String
        /// The title as stored: empty when it is the path.
        public let title: String
        /// `nil` for a redirect.
        public let mimeType: String?
        public let target: Target
    }

    public let header: Header
    public let mimeTypes: [String]
    private let file: ZimFileParts

    /// The files read: the file itself, or its parts.
    public var paths: [String] { file.paths }
    public var size: Int { file.size }

    public init(path: String) throws(ZimError) {
        file = try ZimFileParts(path: path)
        let bytes = try file.read(at: 0, count: ZimFormat.headerSize)
        guard Self.number(bytes, 0, UInt32.self) == ZimFormat.magic else { throw .malformed("it does not begin as a ZIM file does") }
        header = Header(
            majorVersion: Self.number(bytes, 4, UInt16.self), minorVersion: Self.number(bytes, 6, UInt16.self), uuid: Array(bytes[8..<24]),
            entryCount: Int(Self.number(bytes, 24, UInt32.self)), clusterCount: Int(Self.number(bytes, 28, UInt32.self)),
            urlPointersStart: Int(Self.number(bytes, 32, UInt64.self)), titleIndexStart: Int(Self.number(bytes, 40, UInt64.self)),
            clusterPointersStart: Int(Self.number(bytes, 48, UInt64.self)), mimeListStart: Int(Self.number(bytes, 56, UInt64.self)),
            mainPage: Self.number(bytes, 64, UInt32.self), layoutPage: Self.number(bytes, 68, UInt32.self),
            checksumStart: Int(Self.number(bytes, 72, UInt64.self)))
        guard header.checksumStart + 16 == file.size else { throw .malformed("its checksum is not at its end") }
        for (start, count) in [(header.urlPointersStart, 8 * header.entryCount), (header.clusterPointersStart, 8 * header.clusterCount)] {
            guard start >= 0, count <= file.size - start else { throw .malformed("a pointer list is past the end") }
        }
        let list = try file.read(at: header.mimeListStart, count: min(ZimFormat.clusterBase, file.size) - header.mimeListStart)
        var types: [String] = []
        var start = 0
        while let end = list[start...].firstIndex(of: 0), end > start {
            types.append(String(decoding: list[start..<end], as: UTF8.self))
            start = end + 1
        }
        mimeTypes = types
    }

    public func entry(at index: Int) throws(ZimError) -> Entry {
        guard index >= 0, index < header.entryCount else { throw .malformed("no entry \(index)") }
        let offset = Int(Self.number(try file.read(at: header.urlPointersStart + 8 * index, count: 8), 0, UInt64.self))
        // Most entries are short: read a few hundred bytes, and as much as a path and a
        // title may take only when they go on past them.
        var bytes = try file.read(at: offset, count: min(512, file.size - offset))
        guard bytes.count >= 12 else { throw .malformed("entry \(index) is cut short") }
        let mime = Self.number(bytes, 0, UInt16.self)
        let namespace = Character(Unicode.Scalar(bytes[3]))
        let isRedirect = mime == ZimFormat.redirectMime
        let stringsStart = isRedirect ? 12 : 16
        func ends(_ bytes: [UInt8]) -> (path: Int, title: Int)? {
            guard bytes.count > stringsStart, let path = bytes[stringsStart...].firstIndex(of: 0), let title = bytes[(path + 1)...].firstIndex(of: 0)
            else { return nil }
            return (path, title)
        }
        if ends(bytes) == nil { bytes = try file.read(at: offset, count: min(16 + 2 * 4096, file.size - offset)) }
        guard let (pathEnd, titleEnd) = ends(bytes) else { throw .malformed("entry \(index) has no path or title") }
        guard isRedirect || Int(mime) < mimeTypes.count else { throw .malformed("entry \(index) has an unknown media type") }
        let target: Entry.Target =
            isRedirect
            ? .redirect(Int(Self.number(bytes, 8, UInt32.self)))
            : .blob(cluster: Int(Self.number(bytes, 8, UInt32.self)), number: Int(Self.number(bytes, 12, UInt32.self)))
        return Entry(
            namespace: namespace, path: String(decoding: bytes[stringsStart..<pathEnd], as: UTF8.self),
            title: String(decoding: bytes[(pathEnd + 1)..<titleEnd], as: UTF8.self), mimeType: isRedirect ? nil : mimeTypes[Int(mime)], target: target)
    }

    /// The index of the entry at `path` in `namespace`, found by bisecting the URL pointer
    /// list; when the entry at `guess` is the one (as the next of a sorted list's often
    /// is), found there.
    public func find(_ namespace: Character, _ path: String, guess: Int? = nil) throws(ZimError) -> Int? {
        if let guess, guess < header.entryCount {
            let entry = try entry(at: guess)
            if entry.namespace == namespace, entry.path == path { return guess }
        }
        let index = try firstIndex(notBefore: namespace, path)
        guard index < header.entryCount else { return nil }
        let entry = try entry(at: index)
        return entry.namespace == namespace && entry.path == path ? index : nil
    }

    /// The index of the first entry whose namespace and path do not sort before these: where
    /// the entries under a folder begin, when `path` is the folder's. `entryCount` when every
    /// entry sorts before.
    public func firstIndex(notBefore namespace: Character, _ path: String) throws(ZimError) -> Int {
        let key = Array((String(namespace) + "/" + path).utf8)
        var low = 0
        var high = header.entryCount
        while low < high {
            let middle = (low + high) / 2
            let entry = try entry(at: middle)
            if Array((String(entry.namespace) + "/" + entry.path).utf8).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where a blob's bytes are in the file.
    public func blobRange(cluster: Int, number: Int) throws(ZimError) -> Range<Int> {
        guard cluster >= 0, cluster < header.clusterCount else { throw .malformed("no cluster \(cluster)") }
        let start = Int(Self.number(try file.read(at: header.clusterPointersStart + 8 * cluster, count: 8), 0, UInt64.self))
        let info = try file.read(at: start, count: 1)[0]
        guard info & 0x0F == ZimFormat.uncompressed || info & 0x0F == 0 else { throw .malformed("cluster \(cluster) is compressed") }
        let width = info & ZimFormat.extendedOffsets != 0 ? 8 : 4
        let first = try offset(at: start + 1, width: width)
        guard first % width == 0, number >= 0, number < first / width - 1 else { throw .malformed("no blob \(number) in cluster \(cluster)") }
        let begin = try offset(at: start + 1 + width * number, width: width)
        let end = try offset(at: start + 1 + width * (number + 1), width: width)
        guard begin <= end, start + 1 + end <= file.size else { throw .malformed("blob \(number) of cluster \(cluster) is past the end") }
        return (start + 1 + begin)..<(start + 1 + end)
    }

    public func read(_ range: Range<Int>) throws(ZimError) -> [UInt8] {
        try file.read(at: range.lowerBound, count: range.count)
    }

    /// The bytes of the entry at `index`, following a redirect once.
    public func content(at index: Int) throws(ZimError) -> [UInt8] {
        var entry = try entry(at: index)
        if case let .redirect(target) = entry.target { entry = try self.entry(at: target) }
        guard case let .blob(cluster, number) = entry.target else { throw .malformed("entry \(index) leads to a redirect") }
        return try read(try blobRange(cluster: cluster, number: number))
    }

    /// Hands the bytes of `range` to `body` a chunk at a time.
    public func chunks(of range: Range<Int>, _ body: ([UInt8]) -> Void) throws(ZimError) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = min(1 << 20, range.upperBound - offset)
            body(try file.read(at: offset, count: count))
            offset += count
        }
    }

    /// Whether the MD5 of everything before the checksum is the checksum.
    public func checksumMatches() throws(ZimError) -> Bool {
        var md5 = MD5()
        try chunks(of: 0..<header.checksumStart) { md5.update($0) }
        return md5.finalize() == (try file.read(at: header.checksumStart, count: 16))
    }

    /// The entries' indexes as the header's title pointer list orders them.
    public func titleIndex() throws(ZimError) -> [Int] {
        let bytes = try file.read(at: header.titleIndexStart, count: 4 * header.entryCount)
        return (0..<header.entryCount).map { Int(Self.number(bytes, 4 * $0, UInt32.self)) }
    }

    private func offset(at position: Int, width: Int) throws(ZimError) -> Int {
        let bytes = try file.read(at: position, count: width)
        return width == 8 ? Int(Self.number(bytes, 0, UInt64.self)) : Int(Self.number(bytes, 0, UInt32.self))
    }

    private static func number<Value: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, _: Value.Type) -> Value {
        var value: Value = 0
        for index in (0..<MemoryLayout<Value>.size).reversed() { value = value << 8 | Value(bytes[offset + index]) }
        return value
    }
}
