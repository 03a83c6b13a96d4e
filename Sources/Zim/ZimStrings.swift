import FileSystem
import Hashing

/// Byte strings kept once each (the folders and names of the paths, and the titles), each a
/// span of one buffer found again through a table of ids: a name the live site and every
/// snapshot of its history share costs its bytes once, and a path costs two ids.
struct ZimStrings {
    struct Span: Equatable {
        var start: UInt32
        var count: UInt32
    }

    /// The id of the empty string.
    static let empty: UInt32 = 0

    private(set) var text: [UInt8] = []
    private(set) var spans: [Span] = [Span(start: 0, count: 0)]
    private var ids = ZimIDSlots()

    /// The id of `bytes`, added when new.
    mutating func id(_ bytes: some Collection<UInt8>) throws(ZimError) -> UInt32 {
        if bytes.isEmpty { return Self.empty }
        let hash = Self.hash(bytes)
        let slot: Int
        switch ids.find(hash, matches: { self.bytes($0).elementsEqual(bytes) }) {
        case .found(let id): return id
        case .free(let free): slot = free
        }
        guard text.count + bytes.count < Int(UInt32.max) else { throw .tooLarge("its paths and titles pass 4 GiB") }
        let id = UInt32(spans.count)
        spans.append(Span(start: UInt32(text.count), count: UInt32(bytes.count)))
        text.append(contentsOf: bytes)
        let (text, spans) = (self.text, self.spans)
        ids.insert(id, at: slot) { id in
            let span = spans[Int(id)]
            return Self.hash(text[Int(span.start)..<Int(span.start + span.count)])
        }
        return id
    }

    func span(_ id: UInt32) -> Span { spans[Int(id)] }

    func count(_ id: UInt32) -> Int { Int(spans[Int(id)].count) }

    func bytes(_ id: UInt32) -> ArraySlice<UInt8> {
        let span = spans[Int(id)]
        return text[Int(span.start)..<Int(span.start + span.count)]
    }

    func string(_ id: UInt32) -> String {
        String(decoding: bytes(id), as: UTF8.self)
    }

    /// A name in a folder.
    struct Name {
        var id: UInt32
        var isFolder: Bool
    }

    /// Sorts the names of one folder as the paths under it sort by their bytes (`PathOrder`).
    func sortAsPaths(_ names: inout [Name]) {
        text.withUnsafeBytes { text in
            func bytes(_ name: Name) -> UnsafeRawBufferPointer {
                let span = spans[Int(name.id)]
                return UnsafeRawBufferPointer(rebasing: text[Int(span.start)..<Int(span.start + span.count)])
            }
            names.sort { PathOrder.precedes(bytes($0), isFolder: $0.isFolder, bytes($1), isFolder: $1.isFolder) }
        }
    }

    /// Frees the table that finds a string's id: once every string is in, only their bytes
    /// are needed.
    mutating func freeze() {
        ids.removeAll()
    }

    private static func hash(_ bytes: some Collection<UInt8>) -> Int {
        Int(truncatingIfNeeded: FNV1a.hash(bytes))
    }
}
