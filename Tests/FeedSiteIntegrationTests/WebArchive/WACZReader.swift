import Deflate
import Foundation
import Hashing
import XCTest

/// A WACZ read back by our own code, for tests: the ZIP's entries found through its central
/// directory and each one's local header (stored entries only, as feedsite writes them),
/// the ZipNum index's blocks found through `index.idx` and inflated, the pages list.
struct WACZReader {
    /// The entries' names, in the order the central directory lists them.
    let names: [String]
    let entries: [String: [UInt8]]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func number(_ at: Int, _ count: Int) -> Int { (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        let end = try XCTUnwrap((0...(bytes.count - 22)).reversed().first { number($0, 4) == 0x0605_4B50 }, "an end of central directory")
        var at = number(end + 16, 4)
        var names: [String] = []
        var entries: [String: [UInt8]] = [:]
        for _ in 0..<number(end + 10, 2) {
            XCTAssertEqual(number(at, 4), 0x0201_4B50, "a central directory entry")
            XCTAssertEqual(number(at + 10, 2), 0, "stored, not compressed")
            let (size, nameLength, extraLength, commentLength) = (number(at + 20, 4), number(at + 28, 2), number(at + 30, 2), number(at + 32, 2))
            let local = number(at + 42, 4)
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            XCTAssertEqual(number(local, 4), 0x0403_4B50, "\(name)'s local header")
            let data = local + 30 + number(local + 26, 2) + number(local + 28, 2)
            entries[name] = Array(bytes[data..<(data + size)])
            XCTAssertEqual(UInt32(number(at + 16, 4)), entries[name]!.withUnsafeBytes { CRC32.update(0, $0) }, "\(name)'s CRC-32")
            names.append(name)
            at += 46 + nameLength + extraLength + commentLength
        }
        self.names = names
        self.entries = entries
    }

    /// Every index line, each block found by its `index.idx` line, checked against it
    /// (its place, its length, its SHA-256, its first key), then inflated.
    func indexLines() throws -> [String] {
        let idx = String(decoding: try XCTUnwrap(entries["indexes/index.idx"]), as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(idx.first, #"!meta 0 {"format": "cdxj-gzip-1.0", "filename": "index.cdx.gz"}"#)
        let blocks = try XCTUnwrap(entries["indexes/index.cdx.gz"])
        var lines: [String] = []
        var expectedOffset = 0
        for line in idx.dropFirst() {
            let brace = try XCTUnwrap(line.firstIndex(of: "{"))
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line[brace...].utf8)) as? [String: Any])
            let (offset, length) = (try XCTUnwrap(fields["offset"] as? Int), try XCTUnwrap(fields["length"] as? Int))
            XCTAssertEqual(offset, expectedOffset, "blocks one after another")
            let member = Array(blocks[offset..<(offset + length)])
            XCTAssertEqual(fields["digest"] as? String, "sha256:" + SHA256.hexDigest(member))
            let block = String(decoding: try Zlib.inflate(member, maxOutput: 1 << 26, gzip: true), as: UTF8.self).split(separator: "\n").map(String.init)
            XCTAssertEqual(
                block.first.map { String($0[..<$0.firstIndex(of: "{")!]).trimmingCharacters(in: .whitespaces) },
                String(line[..<brace]).trimmingCharacters(in: .whitespaces))
            lines += block
            expectedOffset = offset + length
        }
        XCTAssertEqual(expectedOffset, blocks.count, "every block listed")
        return lines
    }

    /// The pages list's lines after its header, as JSON objects.
    func pages() throws -> (header: [String: Any], pages: [[String: Any]]) {
        let lines = String(decoding: try XCTUnwrap(entries["pages/pages.jsonl"]), as: UTF8.self).split(separator: "\n")
        let objects = try lines.map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        return (try XCTUnwrap(objects.first), Array(objects.dropFirst()))
    }
}
