import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text file of lines sorted by the key each begins with (a fixed number of bytes, then a
/// tab), a line found by its key without holding the file: the key and place of every
/// `spacing`th line are kept, and a lookup reads the lines from one of those to the next.
/// A line that is no key, or whose key is not past the one before, is passed over.
public final class KeyedLines: Sendable {
    private let shape: Shape
    private let descriptor: Int32
    /// The kept lines' keys, one after another, and where each line begins.
    private let keys: [UInt8]
    private let places: [Int]
    /// Where the last whole line ends.
    private let end: Int
    /// A Bloom filter of every line's key, 8 bits a key and two probes: a key that is not
    /// there is known so without reading the file, nineteen times in twenty.
    private let filter: [UInt64]

    /// What the lines of a file are: where it is, how long a key is, what a key is.
    fileprivate struct Shape: Sendable {
        let path: String
        let keyLength: Int
        let isKey: @Sendable (ArraySlice<UInt8>) -> Bool

        func isLine(_ line: ArraySlice<UInt8>) -> Bool {
            line.count > keyLength && line[line.startIndex + keyLength] == UInt8(ascii: "\t") && isKey(line.prefix(keyLength))
        }
    }

    /// The lines of the file at `path`, `nil` when there is none; `isKey` says whether a
    /// line's first `keyLength` bytes are a key. Anything but a regular file there is refused
    /// without being read. Once open, lines are looked up from any thread.
    public static func open(
        _ path: String, keyLength: Int, spacing: Int = 32, isKey: @escaping @Sendable (ArraySlice<UInt8>) -> Bool
    ) throws -> KeyedLines? {
        switch try PlainFile.kind(of: path) {
        case .missing: return nil
        case .file: return try KeyedLines(shape: Shape(path: path, keyLength: keyLength, isKey: isKey), spacing: spacing)
        case .folder: throw FileSystemError("\(path) is a folder, not a regular file", code: EISDIR)
        case .other: throw FileSystemError("\(path) is a device, a pipe or a socket, not a regular file", code: EINVAL)
        }
    }

    private init(shape: Shape, spacing: Int) throws {
        self.shape = shape
        descriptor = try PlainFile.open(shape.path, O_RDONLY | O_CLOEXEC)
        let reader = try Reader(shape)
        var count = 0
        var hashes: [UInt64] = []
        var keys: [UInt8] = []
        var places: [Int] = []
        while let line = try reader.next() {
            if count.isMultiple(of: spacing) {
                keys += line.prefix(shape.keyLength)
                places.append(reader.position)
            }
            hashes.append(Self.hash(line.prefix(shape.keyLength)))
            count += 1
        }
        (self.keys, self.places, end) = (keys, places, reader.position)
        var words = 1
        while words * 64 < count * 8 { words *= 2 }
        var filter = [UInt64](repeating: 0, count: words)
        for hash in hashes { Self.setBits(of: hash, in: &filter) }
        self.filter = filter
    }

    private static func probes(of hash: UInt64, in filter: [UInt64]) -> (Int, Int) {
        let bits = filter.count * 64 - 1
        return (Int(truncatingIfNeeded: hash) & bits, Int(truncatingIfNeeded: hash >> 32) & bits)
    }

    private static func setBits(of hash: UInt64, in filter: inout [UInt64]) {
        let (first, second) = probes(of: hash, in: filter)
        filter[first >> 6] |= 1 << UInt64(first & 63)
        filter[second >> 6] |= 1 << UInt64(second & 63)
    }

    private func mayHold(_ hash: UInt64) -> Bool {
        let (first, second) = Self.probes(of: hash, in: filter)
        return filter[first >> 6] & (1 << UInt64(first & 63)) != 0 && filter[second >> 6] & (1 << UInt64(second & 63)) != 0
    }

    private static func hash(_ key: some Collection<UInt8>) -> UInt64 {
        FNV1a.hash(key)
    }

    deinit {
        close(descriptor)
    }

    /// The line whose key is `key`, without its line break.
    public func line(forKey key: [UInt8]) throws -> ArraySlice<UInt8>? {
        let keyLength = shape.keyLength
        guard key.count == keyLength, mayHold(Self.hash(key)) else { return nil }
        // The first kept line whose key is past `key`: the line sought is before it.
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if key.lexicographicallyPrecedes(keys[(middle * keyLength)..<((middle + 1) * keyLength)]) { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return nil }
        let from = places[low - 1]
        var bytes = [UInt8](repeating: 0, count: (low < places.count ? places[low] : end) - from)
        let count = try PlainFile.readAll(into: &bytes, from: descriptor, at: from)
        // Line by line, comparing each one's key where it lies: a lookup is made for every
        // file a run publishes, and splitting the lines into an array first took most of
        // its time (BENCHMARKS.md, "What each trick buys", row "keyed lines looked up
        // where they lie").
        let found: Range<Int>? = bytes.withUnsafeBytes { chunk -> Range<Int>? in
            key.withUnsafeBytes { wanted -> Range<Int>? in
                guard let base = chunk.baseAddress, let sought = wanted.baseAddress else { return nil }
                var start = 0
                while start + keyLength < count {
                    let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - base } ?? count
                    let order = memcmp(base + start, sought, keyLength)
                    if order == 0, end - start > keyLength { return start..<end }
                    // Sorted: past the key, it is not there.
                    if order > 0 { return nil }
                    start = end + 1
                }
                return nil
            }
        }
        guard let found, shape.isLine(bytes[found]) else { return nil }
        return bytes[found]
    }

    /// The file's lines in order, those passed over left out.
    public func lines() throws -> Reader {
        try Reader(shape)
    }

    /// The lines of the file, one at a time.
    public final class Reader {
        private let shape: Shape
        private let reader: LineReader
        private var last: [UInt8]?

        fileprivate init(_ shape: Shape) throws {
            self.shape = shape
            reader = try LineReader(path: shape.path)
        }

        /// Where the line `next` returned last begins; once it found no more, where the
        /// last whole line ends.
        public var position: Int { reader.position }

        /// The next line, without its line break; `nil` at the end.
        public func next() throws -> [UInt8]? {
            while try reader.advance() {
                let line = Array(reader.line)
                guard shape.isLine(line[...]) else { continue }
                let key = line.prefix(shape.keyLength)
                if let last, !last.lexicographicallyPrecedes(key) { continue }
                last = Array(key)
                return line
            }
            return nil
        }
    }
}
