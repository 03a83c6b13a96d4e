import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines gathered in any order and written out sorted by their bytes (as `LC_ALL=C sort`
/// does, the order CDXJ readers search in), in bounded memory: once the lines held pass
/// `memoryLimit` bytes they are sorted and set aside in a hidden file, and those files are
/// merged when the lines are written out. A WARC file of small records has a line for each,
/// which memory could not hold for a 1 GB file.
final class SortedLines {
    /// How the files set aside are named: a killed run's are known by it and removed.
    static let prefix = ".feedsite-warc-sort-"

    private let folder: String
    private let name: String
    private let memoryLimit: Int
    private let fanIn: Int
    private var lines: [[UInt8]] = []
    private var held = 0
    private var runs: [String] = []
    /// Files set aside so far, merged ones included: each gets a name of its own.
    private var made = 0

    /// Lines for the file `name`, set aside in `folder` past `memoryLimit` bytes (256 KiB,
    /// most of what the web archive's index holds in memory: BENCHMARKS.md, "What each trick
    /// buys", row "index lines set aside past 256 KiB"), merged `fanIn` files at a time.
    init(folder: String, name: String, memoryLimit: Int = 256 << 10, fanIn: Int = 16) {
        self.folder = folder
        self.name = name
        self.memoryLimit = memoryLimit
        self.fanIn = max(2, fanIn)
    }

    deinit {
        discard()
    }

    /// Adds `line`, without its line break.
    func add(_ line: [UInt8]) throws {
        lines.append(line)
        held += line.count + 1
        if held >= memoryLimit { try setAside() }
    }

    /// Writes every line, sorted, each ended by a line break, to `path` (whole or not at
    /// all), and removes what was set aside. Past `fanIn` files set aside, they are merged
    /// `fanIn` at a time into longer ones first, as a merge keeps a file open for each.
    func write(to path: String) throws {
        while runs.count > fanIn {
            let group = Array(runs.prefix(fanIn))
            let merged = nextRun()
            try Self.merge(group.map(LineReader.init(path:)), and: [], into: merged)
            for run in group { unlink(run) }
            runs = Array(runs.dropFirst(fanIn)) + [merged]
        }
        lines.sort(by: Self.precedes)
        try Self.merge(runs.map(LineReader.init(path:)), and: lines, into: path)
        discard()
    }

    /// Writes the lines of `readers`' files and of `sorted` (all sorted) to `path`, in order.
    private static func merge(_ readers: [LineReader], and sorted: [[UInt8]], into path: String) throws {
        try AtomicFile.write(toPath: path) { writer in
            var heads = try readers.map { try $0.next() }
            var next = 0
            while true {
                var smallest: Int?
                for (at, head) in heads.enumerated() {
                    guard let head else { continue }
                    if let best = smallest, let bestLine = heads[best], !precedes(head, bestLine) { continue }
                    smallest = at
                }
                if next < sorted.count, smallest.flatMap({ heads[$0] }).map({ !precedes($0, sorted[next]) }) ?? true {
                    try writer.write(sorted[next] + [0x0A])
                    next += 1
                } else if let smallest, let line = heads[smallest] {
                    try writer.write(line + [0x0A])
                    heads[smallest] = try readers[smallest].next()
                } else {
                    break
                }
            }
        }
    }

    private func nextRun() -> String {
        defer { made += 1 }
        return "\(folder)/\(Self.prefix)\(name)-\(made)"
    }

    /// Removes what was set aside and forgets every line.
    func discard() {
        for run in runs { unlink(run) }
        runs = []
        lines = []
        held = 0
    }

    private func setAside() throws {
        lines.sort(by: Self.precedes)
        let path = nextRun()
        runs.append(path)
        try AtomicFile.write(toPath: path) { writer in
            for line in lines { try writer.write(line + [0x0A]) }
        }
        lines = []
        held = 0
    }

    private static func precedes(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.lexicographicallyPrecedes(second)
    }

    /// The lines of a file, one at a time, read a buffer at a time.
    final class LineReader {
        private let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0
        private var ended = false

        init(path: String) throws {
            descriptor = try PlainFile.open(path, O_RDONLY | O_CLOEXEC)
        }

        deinit {
            close(descriptor)
        }

        /// The next line without its break, `nil` at the end.
        func next() throws -> [UInt8]? {
            while true {
                if let end = buffer[start...].firstIndex(of: 0x0A) {
                    defer { start = end + 1 }
                    return Array(buffer[start..<end])
                }
                guard !ended else { return nil }
                buffer.removeFirst(start)
                start = 0
                var chunk = [UInt8](repeating: 0, count: 256 * 1024)
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw FileSystemError.fromErrno() }
                if count == 0 { ended = true } else { buffer += chunk[0..<count] }
            }
        }
    }
}
