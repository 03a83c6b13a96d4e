import Foundation
import XCTest

/// The records of a `.warc.gz` file, for tests: Python's gzip reads every member (a test
/// without Python is skipped), and each record is cut from the rest by its Content-Length.
struct WARCFileReader {
    struct Record {
        /// The WARC head's fields by name (each name appears once in our records).
        let fields: [String: String]
        let block: [UInt8]

        var type: String { fields["WARC-Type"] ?? "" }
        var target: String { fields["WARC-Target-URI"] ?? "" }

        /// The HTTP message's body: what follows its head.
        var payload: [UInt8] {
            let end = Array("\r\n\r\n".utf8)
            guard block.count >= end.count, let at = (0...(block.count - end.count)).first(where: { Array(block[$0..<($0 + end.count)]) == end }) else {
                return []
            }
            return Array(block[(at + end.count)...])
        }

        /// The HTTP message's head, as text.
        var httpHead: String { String(decoding: block.prefix(block.count - payload.count), as: UTF8.self) }
    }

    /// The whole file, every member inflated.
    static func text(of path: String) throws -> [UInt8] {
        let script = "import gzip, sys; sys.stdout.buffer.write(gzip.open(sys.argv[1]).read())"
        let data = try PythonScript.output(of: script, [path], skipping: "read every gzip member of \(path)")
        return [UInt8](data)
    }

    static func records(of path: String) throws -> [Record] {
        let bytes = try text(of: path)
        var records: [Record] = []
        var at = 0
        let blank = Array("\r\n\r\n".utf8)
        while at < bytes.count {
            guard let headEnd = (at..<(bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == blank }) else { break }
            let lines = String(decoding: bytes[at..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
            XCTAssertEqual(lines.first, "WARC/1.1")
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(fields["Content-Length"] ?? "") ?? 0
            let start = headEnd + 4
            records.append(Record(fields: fields, block: Array(bytes[start..<min(start + length, bytes.count)])))
            at = start + length + 4
        }
        return records
    }
}
