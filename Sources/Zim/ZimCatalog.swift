/// The entries of a ZIM file and the distinct blobs they point at, kept compact: every path
/// and title is a span of one byte buffer, an entry is a few integers, so a site of
/// hundreds of thousands of files with its history costs tens of bytes a file, not a
/// `String` and an object each.
struct ZimCatalog {
    /// A span of `text`.
    struct Span: Equatable {
        var start: UInt32
        var count: UInt32
    }

    /// Its fields in this order take 24 bytes, not 32.
    struct Entry {
        var path: Span
        /// Empty when the title is the path.
        var title: Span
        /// The blob, for content; the entry it leads to (by its index in URL order, once
        /// sorted), for a redirect.
        var target: UInt32
        /// An index into `mimeTypes`; `ZimFormat.redirectMime` for a redirect.
        var mime: UInt16
        var namespace: ZimFormat.Namespace
        /// Listed in the title index of the pages a reader's search box offers.
        var isFront: Bool
    }

    enum Source: Equatable {
        /// The file at this path of the folder.
        case file(Span)
        /// Bytes held here (metadata), by their index in `inlineBlobs`.
        case inline(Int)
        /// The entries' indexes ordered by title: all of them, or the front ones only.
        case titleListing(frontOnly: Bool)
    }

    struct Blob {
        var size: Int
        var source: Source
    }

    private(set) var text: [UInt8] = []
    var entries: [Entry] = []
    private(set) var blobs: [Blob] = []
    private(set) var inlineBlobs: [[UInt8]] = []
    private(set) var mimeTypes: [String] = []
    private var mimeIndexes: [String: UInt16] = [:]

    mutating func span(_ bytes: some Collection<UInt8>) throws(ZimError) -> Span {
        guard text.count + bytes.count < Int(UInt32.max) else { throw .tooLarge("its paths and titles pass 4 GiB") }
        defer { text.append(contentsOf: bytes) }
        return Span(start: UInt32(text.count), count: UInt32(bytes.count))
    }

    func bytes(_ span: Span) -> ArraySlice<UInt8> {
        text[Int(span.start)..<Int(span.start + span.count)]
    }

    func string(_ span: Span) -> String {
        String(decoding: bytes(span), as: UTF8.self)
    }

    mutating func mimeIndex(_ type: String) throws(ZimError) -> UInt16 {
        if let index = mimeIndexes[type] { return index }
        guard mimeTypes.count < Int(ZimFormat.redirectMime) else { throw .tooLarge("too many media types") }
        let index = UInt16(mimeTypes.count)
        mimeTypes.append(type)
        mimeIndexes[type] = index
        return index
    }

    mutating func addBlob(size: Int, source: Source) throws(ZimError) -> UInt32 {
        guard blobs.count < Int(UInt32.max) else { throw .tooLarge("too many files") }
        blobs.append(Blob(size: size, source: source))
        return UInt32(blobs.count - 1)
    }

    mutating func addInline(_ bytes: [UInt8]) throws(ZimError) -> UInt32 {
        inlineBlobs.append(bytes)
        return try addBlob(size: bytes.count, source: .inline(inlineBlobs.count - 1))
    }

    mutating func add(_ entry: Entry) throws(ZimError) {
        guard entries.count < Int(UInt32.max) - 1 else { throw .tooLarge("too many entries") }
        entries.append(entry)
    }

    /// The title an entry is listed by: its own, or its path when it has none.
    func titleOrPath(_ entry: Entry) -> Span {
        entry.title.count > 0 ? entry.title : entry.path
    }

    /// Sorts the entries as the URL pointer list lists them: by namespace, then path, byte
    /// by byte.
    mutating func sortByPath() {
        let text = self.text
        text.withUnsafeBufferPointer { bytes in
            entries.sort { first, second in
                if first.namespace != second.namespace { return first.namespace.rawValue < second.namespace.rawValue }
                return Self.compare(first.path, second.path, in: bytes) < 0
            }
        }
    }

    /// The entries' indexes (in URL order) ordered by namespace, then title (or path when
    /// they have none), then path, so the order is total and the same every time.
    func titleOrder(frontOnly: Bool) -> [UInt32] {
        var order = entries.indices.filter { !frontOnly || entries[$0].isFront }.map { UInt32($0) }
        text.withUnsafeBufferPointer { bytes in
            order.sort { firstIndex, secondIndex in
                let first = entries[Int(firstIndex)]
                let second = entries[Int(secondIndex)]
                if first.namespace != second.namespace { return first.namespace.rawValue < second.namespace.rawValue }
                let byTitle = Self.compare(titleOrPath(first), titleOrPath(second), in: bytes)
                if byTitle != 0 { return byTitle < 0 }
                return Self.compare(first.path, second.path, in: bytes) < 0
            }
        }
        return order
    }

    /// The index of the entry at `path` in `namespace`, once sorted by path.
    func index(of namespace: ZimFormat.Namespace, _ path: String) -> Int? {
        let wanted = Array(path.utf8)
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            let order =
                entry.namespace != namespace
                ? (entry.namespace.rawValue < namespace.rawValue ? -1 : 1)
                : Self.compare(bytes(entry.path), wanted[...])
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private static func compare(_ first: Span, _ second: Span, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Int(min(first.count, second.count))
        for offset in 0..<common {
            let a = bytes[Int(first.start) + offset]
            let b = bytes[Int(second.start) + offset]
            if a != b { return a < b ? -1 : 1 }
        }
        return first.count == second.count ? 0 : first.count < second.count ? -1 : 1
    }

    private static func compare(_ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> Int {
        for (a, b) in zip(first, second) where a != b { return a < b ? -1 : 1 }
        return first.count == second.count ? 0 : first.count < second.count ? -1 : 1
    }
}
