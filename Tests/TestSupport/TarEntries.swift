import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries of a ustar archive read back from its headers: each one's path, type, link
/// name and bytes. Written from the format (512-byte blocks; a header's name at 0, size in
/// octal at 124, checksum at 148, type at 156, link name at 157, magic at 257, prefix at 345;
/// the data padded to a block; two zero blocks at the end; a pax extended header, type `x`,
/// naming the next entry's path or link), not from the code that writes it.
public struct TarEntries {
    /// The archive is not a ustar archive, or ends part-way.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Entry {
        public let path: String
        /// `0` a regular file, `1` a hard link to `linkName`, `5` a folder.
        public let type: Character
        public let linkName: String
        public let data: Data
    }

    public let entries: [Entry]

    public var paths: [String] { entries.map(\.path) }

    /// The hard-link entries, each path with the path it names.
    public var links: [String: String] {
        Dictionary(uniqueKeysWithValues: entries.filter { $0.type == "1" }.map { ($0.path, $0.linkName) })
    }

    public init(_ archive: Data) throws {
        let bytes = [UInt8](archive)
        var entries: [Entry] = []
        var offset = 0
        // What a pax extended header says of the entry after it.
        var extended: [String: String] = [:]
        while true {
            guard offset + 512 <= bytes.count else { throw Malformed(description: "no end blocks after \(entries.count) entries") }
            let header = Array(bytes[offset..<offset + 512])
            if header.allSatisfy({ $0 == 0 }) { break }
            guard Array(header[257..<263]) == Array("ustar\0".utf8) else { throw Malformed(description: "no ustar magic at \(offset)") }
            let sum = header.enumerated().reduce(0) { sum, byte in sum + ((148..<156).contains(byte.offset) ? 0x20 : Int(byte.element)) }
            guard Int(Self.text(header[148..<156]).trimmingCharacters(in: .whitespaces), radix: 8) == sum else {
                throw Malformed(description: "a wrong checksum at \(offset)")
            }
            let name = Self.text(header[0..<100])
            let prefix = Self.text(header[345..<500])
            guard let size = Int(Self.text(header[124..<136]).trimmingCharacters(in: .whitespaces), radix: 8) else {
                throw Malformed(description: "no size at \(offset)")
            }
            offset += 512
            guard offset + size <= bytes.count else { throw Malformed(description: "\(name) ends past the archive") }
            let data = Data(bytes[offset..<offset + size])
            offset += (size + 511) / 512 * 512
            let type = Character(UnicodeScalar(header[156]))
            if type == "x" {
                extended = try Self.records(data)
                continue
            }
            entries.append(
                Entry(
                    path: extended["path"] ?? (prefix.isEmpty ? name : prefix + "/" + name), type: type,
                    linkName: extended["linkpath"] ?? Self.text(header[157..<257]), data: data))
            extended = [:]
        }
        self.entries = entries
    }

    /// Makes the entries in the existing folder `folder`, as tar extracts them: folders,
    /// files with their bytes, and each hard link as a link to the file it names, which an
    /// earlier entry made.
    public func extract(into folder: URL) throws {
        for entry in entries {
            let target = folder.appendingPathComponent(entry.path)
            switch entry.type {
            case "5":
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            case "0":
                try entry.data.write(to: target, options: .withoutOverwriting)
            case "1":
                guard link(folder.appendingPathComponent(entry.linkName).path, target.path) == 0 else {
                    throw Malformed(description: "\(entry.path) links to \(entry.linkName), which cannot be linked: errno \(errno)")
                }
            default:
                throw Malformed(description: "\(entry.path) has the type \(entry.type)")
            }
        }
    }

    /// A pax extended header's records, each "<length> <key>=<value>\n", its length counting
    /// the whole record.
    private static func records(_ data: Data) throws -> [String: String] {
        var records: [String: String] = [:]
        var rest = [UInt8](data)[...]
        while !rest.isEmpty {
            guard let space = rest.firstIndex(of: 0x20), let length = Int(String(decoding: rest[rest.startIndex..<space], as: UTF8.self)),
                length > space - rest.startIndex + 1, length <= rest.count, rest[rest.startIndex + length - 1] == 0x0A
            else { throw Malformed(description: "a malformed pax record") }
            let record = String(decoding: rest[(space + 1)..<(rest.startIndex + length - 1)], as: UTF8.self)
            guard let equals = record.firstIndex(of: "=") else { throw Malformed(description: "a pax record without a key") }
            records[String(record[..<equals])] = String(record[record.index(after: equals)...])
            rest = rest.dropFirst(length)
        }
        return records
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
}
