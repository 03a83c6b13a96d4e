import Basics

/// One line of an answer's head as libcurl hands it to the header callback, raw bytes
/// with their line end: a status line (`HTTP/1.1 200 OK`, `HTTP/2 304`), a field
/// (`ETag: "abc"`), or the empty line that ends the head.
enum HeaderLine: Equatable {
    case status(Int)
    /// The name lower-cased, the value without surrounding white space.
    case field(name: String, value: String)
    case end

    /// `nil` for lines that are none of these (a folded continuation, garbage).
    init?(_ bytes: UnsafeRawBufferPointer) {
        var line = bytes[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        if line.isEmpty {
            self = .end
            return
        }
        if line.starts(with: Self.httpPrefix) {
            // "HTTP/1.1 200 OK": the three digits after the first space.
            guard let space = line.firstIndex(of: 0x20) else { return nil }
            let digits = line[(space + 1)...].prefix(3)
            guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            self = .status(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
            return
        }
        guard let first = line.first, first != 0x20, first != 0x09, let colon = line.firstIndex(of: 0x3A) else { return nil }
        let name = String(decoding: line[..<colon].map(ASCII.lowercased), as: UTF8.self)
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        self = .field(name: name, value: String(decoding: trimmed, as: UTF8.self))
    }

    private static let httpPrefix = Array("HTTP/".utf8)
}
