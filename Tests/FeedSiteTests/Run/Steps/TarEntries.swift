import Foundation

/// The entries of a ustar archive read back from its headers: each one's path and bytes.
/// Written from the format (512-byte blocks; a header's name at 0, size in octal at 124,
/// magic at 257, prefix at 345; the data padded to a block; two zero blocks at the end),
/// not from the code that writes it.
struct TarEntries {
    /// The archive is not a ustar archive, or ends part-way.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let entries: [(path: String, data: Data)]

    var paths: [String] { entries.map(\.path) }

    init(_ archive: Data) throws {
        let bytes = [UInt8](archive)
        var entries: [(String, Data)] = []
        var offset = 0
        while true {
            guard offset + 512 <= bytes.count else { throw Malformed(description: "no end blocks after \(entries.count) entries") }
            let header = Array(bytes[offset..<offset + 512])
            if header.allSatisfy({ $0 == 0 }) { break }
            guard Array(header[257..<263]) == Array("ustar\0".utf8) else { throw Malformed(description: "no ustar magic at \(offset)") }
            let name = Self.text(header[0..<100])
            let prefix = Self.text(header[345..<500])
            guard let size = Int(Self.text(header[124..<136]).trimmingCharacters(in: .whitespaces), radix: 8) else {
                throw Malformed(description: "no size at \(offset)")
            }
            offset += 512
            guard offset + size <= bytes.count else { throw Malformed(description: "\(name) ends past the archive") }
            entries.append((prefix.isEmpty ? name : prefix + "/" + name, Data(bytes[offset..<offset + size])))
            offset += (size + 511) / 512 * 512
        }
        self.entries = entries
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
}
