import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines gathered in any order and written out sorted by their bytes (as `LC_ALL=C sort`
/// does, the order CDXJ readers search in), in bounded memory: once the lines held pass
/// `memoryLimit` bytes they are sorted and set aside in a hidden file, and those files are
/// merged when the lines are written out. A WARC file of small records has a line for each in its
/// index, which memory could not hold for a 1 GB file.
///
/// The lines held are kept one after another in one buffer, sorted and merged where they
/// lie, not one array a line (BENCHMARKS.md, "What each trick buys", row "index lines
/// sorted and merged where they lie").
public final class SortedLines {
    /// How the files set aside are named: a killed run's are known by it and removed (the
    /// web archive's folder, where they began, still removes them by this name).
    public static let prefix = ".feedsite-warc-sort-"

    private let folder: String
    private let name: String
    private let memoryLimit: Int
    private let fanIn: Int
    /// The lines held, each followed by its line break, and where each begins and how long
    /// it is.
    private var bytes: [UInt8] = []
    private var spans: [Span] = []
    private var runs: [String] = []
    /// Files set aside so far, merged ones included: each gets a name of its own.
    private var made = 0

    private struct Span {
        let start: Int32
        let count: Int32
    }

    /// Lines for the file `name`, set aside in `folder` past `memoryLimit` bytes (64 KiB,
    /// most of what the web archive's index holds in memory: BENCHMARKS.md, "What each trick
    /// buys", row "index lines set aside past 64 KiB"), merged `fanIn` files at a time.
    public init(folder: String, name: String, memoryLimit: Int = 64 << 10, fanIn: Int = 32) {
        self.folder = folder
        self.name = name
        self.memoryLimit = memoryLimit
        self.fanIn = max(2, fanIn)
    }

    deinit {
        discard()
    }

    /// Adds `line`, without its line break.
    public func add(_ line: [UInt8]) throws {
        try add { $0 += line }
    }

    /// Adds the line `make` appends to the bytes it is given, without its line break.
    public func add(_ make: (inout [UInt8]) -> Void) throws {
        // Room for the limit and a long last line, so the buffer does not double past it.
        if bytes.capacity == 0 { bytes.reserveCapacity(memoryLimit + 16 << 10) }
        let start = bytes.count
        make(&bytes)
        spans.append(Span(start: Int32(start), count: Int32(bytes.count - start)))
        bytes.append(0x0A)
        if bytes.count >= memoryLimit { try setAside() }
    }

    /// Writes every line, sorted, each ended by a line break, to `path` (whole or not at
    /// all), and removes what was set aside.
    public func write(to path: String) throws {
        try Self.writeLines(to: path, eachInOrder)
    }

    /// Writes the lines `produce` hands over, each ended by a line break, to `path` (whole
    /// or not at all).
    private static func writeLines(to path: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try AtomicFile.write(toPath: path) { writer in
            try produce { line in
                try writer.write(line)
                try writer.write(lineBreak)
            }
        }
    }

    private static let lineBreak: [UInt8] = [0x0A]

    /// Hands every line to `body` in order, without its break, valid only while `body`
    /// runs; then removes what was set aside. Past `fanIn` files set aside, they are merged
    /// `fanIn` at a time into longer ones first, as a merge keeps a file open for each.
    public func eachInOrder(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        while runs.count > fanIn {
            let group = Array(runs.prefix(fanIn))
            let merged = nextRun()
            let readers = try openReaders(group)
            try Self.writeLines(to: merged) { try Self.merge(readers, and: UnsafeRawBufferPointer(start: nil, count: 0), [], $0) }
            for run in group { unlink(run) }
            runs = Array(runs.dropFirst(fanIn)) + [merged]
        }
        let readers = try openReaders(runs)
        try bytes.withUnsafeBytes { held in
            spans.sort { Self.line($0, in: held).precedes(Self.line($1, in: held)) }
            try Self.merge(readers, and: held, spans, body)
        }
        discard()
    }

    /// Hands the lines of the files `paths`, each sorted already (as `LC_ALL=C sort` sorts),
    /// to `body` in order, without their breaks, valid only while `body` runs: a merge that
    /// holds a buffer of `bufferSize` bytes a file and sets nothing aside.
    public static func merge(sortedFiles paths: [String], bufferSize: Int = 64 << 10, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let readers = try paths.map { try LineReader(path: $0, bufferSize: bufferSize) }
        try merge(readers, and: UnsafeRawBufferPointer(start: nil, count: 0), [], body)
    }

    /// Readers of the files set aside `paths`, whose buffers share `memoryLimit` bytes, so
    /// a merge holds no more than the lines held before (BENCHMARKS.md, "What each trick
    /// buys", row "a merge's readers within the lines' memory").
    private func openReaders(_ paths: [String]) throws -> [LineReader] {
        let bufferSize = max(4 << 10, memoryLimit / max(1, paths.count))
        return try paths.map { try LineReader(path: $0, bufferSize: bufferSize) }
    }

    /// Hands the lines of `readers`' files and those `sorted` spans of `held` (all sorted)
    /// to `body`, in order: the sources are kept in a heap by their current lines.
    private static func merge(_ readers: [LineReader], and held: UnsafeRawBufferPointer, _ sorted: [Span], _ body: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        var next = 0
        // Source `readers.count` is the lines held.
        func current(_ source: Int) -> UnsafeRawBufferPointer {
            source < readers.count ? readers[source].line : line(sorted[next], in: held)
        }
        var heap: [Int] = []
        for (source, reader) in readers.enumerated() where try reader.advance() { heap.append(source) }
        if !sorted.isEmpty { heap.append(readers.count) }
        func precedes(_ first: Int, _ second: Int) -> Bool {
            current(heap[first]).precedes(current(heap[second]))
        }
        func siftDown(_ from: Int) {
            var at = from
            while true {
                var least = at
                if 2 * at + 1 < heap.count, precedes(2 * at + 1, least) { least = 2 * at + 1 }
                if 2 * at + 2 < heap.count, precedes(2 * at + 2, least) { least = 2 * at + 2 }
                guard least != at else { return }
                heap.swapAt(at, least)
                at = least
            }
        }
        for at in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(at) }
        while let source = heap.first {
            try body(current(source))
            let more: Bool
            if source < readers.count {
                more = try readers[source].advance()
            } else {
                next += 1
                more = next < sorted.count
            }
            if !more {
                heap.swapAt(0, heap.count - 1)
                heap.removeLast()
            }
            siftDown(0)
        }
    }

    private static func line(_ span: Span, in held: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: held[Int(span.start)..<Int(span.start + span.count)])
    }

    private func nextRun() -> String {
        defer { made += 1 }
        return "\(folder)/\(Self.prefix)\(name)-\(made)"
    }

    /// Removes what was set aside and forgets every line.
    public func discard() {
        for run in runs { unlink(run) }
        runs = []
        bytes = []
        spans = []
    }

    private func setAside() throws {
        let path = nextRun()
        runs.append(path)
        try bytes.withUnsafeBytes { held in
            spans.sort { Self.line($0, in: held).precedes(Self.line($1, in: held)) }
            try AtomicFile.write(toPath: path) { writer in
                // Each line with the break that follows it.
                for span in spans { try writer.write(Self.line(Span(start: span.start, count: span.count + 1), in: held)) }
            }
        }
        bytes.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes sort before `other`'s, byte by byte, a shorter run of the same
    /// bytes first.
    fileprivate func precedes(_ other: UnsafeRawBufferPointer) -> Bool {
        let common = Swift.min(count, other.count)
        if common > 0 {
            let order = memcmp(baseAddress!, other.baseAddress!, common)
            if order != 0 { return order < 0 }
        }
        return count < other.count
    }
}
