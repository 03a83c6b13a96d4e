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
    private var lines: [[UInt8]] = []
    private var held = 0
    private var runs: [String] = []

    /// Lines for the file `name`, set aside in `folder` past `memoryLimit` bytes.
    init(folder: String, name: String, memoryLimit: Int = 1 << 20) {
        self.folder = folder
        self.name = name
        self.memoryLimit = memoryLimit
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
    /// all), and removes what was set aside.
    func write(to path: String) throws {
        lines.sort(by: Self.precedes)
        let readers = try runs.map(LineReader.init(path:))
        try AtomicFile.write(toPath: path) { writer in
            var heads = try readers.map { try $0.next() }
            var next = 0
            while true {
                var smallest: Int?
                for (at, head) in heads.enumerated() {
                    guard let head else { continue }
                    if let best = smallest, let bestLine = heads[best], !Self.precedes(head, bestLine) { continue }
                    smallest = at
                }
                if next < lines.count, smallest.flatMap({ heads[$0] }).map({ !Self.precedes($0, lines[next]) }) ?? true {
                    try writer.write(lines[next] + [0x0A])
                    next += 1
                } else if let smallest, let line = heads[smallest] {
                    try writer.write(line + [0x0A])
                    heads[smallest] = try readers[smallest].next()
                } else {
                    break
                }
            }
        }
        discard()
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
        let path = "\(folder)/\(Self.prefix)\(name)-\(runs.count)"
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
