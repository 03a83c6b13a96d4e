#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries of a ZIM file and the distinct blobs they point at, kept compact: a path is
/// the id of its folder and the id of its name in `strings`, each kept once however many
/// snapshots of the history repeat it, and an entry is a few integers (16 bytes), so a site
/// of hundreds of thousands of files with its history costs tens of bytes a file, not a
/// `String` and an object each.
struct ZimCatalog {
    struct Entry {
        /// The path up to its last "/", that included; empty for a path without one.
        var folder: UInt32
        /// The rest of the path.
        var name: UInt32
        /// The blob, for content; the entry it leads to (by its index in URL order, once
        /// sorted), for a redirect.
        var target: UInt32
        /// An index into `mimeTypes`; `ZimFormat.redirectMime` for a redirect.
        var mime: UInt16
        var namespace: ZimFormat.Namespace
        private var flags: UInt8

        init(folder: UInt32, name: UInt32, target: UInt32, mime: UInt16, namespace: ZimFormat.Namespace, isFront: Bool, isTitled: Bool) {
            self.folder = folder
            self.name = name
            self.target = target
            self.mime = mime
            self.namespace = namespace
            self.flags = (isFront ? 1 : 0) | (isTitled ? 2 : 0)
        }

        /// Listed in the title index of the pages a reader's search box offers.
        var isFront: Bool { flags & 1 != 0 }
        /// Titled by its blob's title; otherwise its title is its path.
        var isTitled: Bool { flags & 2 != 0 }
    }

    enum Source: Equatable {
        /// The file at this path (folder and name) of the folder.
        case file(folder: UInt32, name: UInt32)
        /// Bytes held here (metadata), by their index in `inlineBlobs`.
        case inline(Int)
        /// The entries' indexes ordered by title: all of them, or the front ones only.
        case titleListing(frontOnly: Bool)
    }

    struct Blob {
        var size: Int
        var source: Source
        /// A page's title; `ZimStrings.empty` for none.
        var title: UInt32 = ZimStrings.empty
    }

    var strings = ZimStrings()
    var entries: [Entry] = []
    private(set) var blobs: [Blob] = []
    private(set) var inlineBlobs: [[UInt8]] = []
    private(set) var mimeTypes: [String] = []
    private var mimeIndexes: [String: UInt16] = [:]

    /// The ids of a path's folder and name.
    mutating func path(_ path: some BidirectionalCollection<UInt8>) throws(ZimError) -> (folder: UInt32, name: UInt32) {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return (ZimStrings.empty, try strings.id(path)) }
        let cut = path.index(after: slash)
        return (try strings.id(path[..<cut]), try strings.id(path[cut...]))
    }

    /// An entry's title: its blob's, or empty when it is its path.
    func title(_ entry: Entry) -> UInt32 {
        entry.isTitled ? blobs[Int(entry.target)].title : ZimStrings.empty
    }

    func pathCount(_ entry: Entry) -> Int { strings.count(entry.folder) + strings.count(entry.name) }

    func pathBytes(_ entry: Entry) -> [UInt8] { Array(strings.bytes(entry.folder)) + strings.bytes(entry.name) }

    mutating func mimeIndex(_ type: String) throws(ZimError) -> UInt16 {
        if let index = mimeIndexes[type] { return index }
        guard mimeTypes.count < Int(ZimFormat.redirectMime) else { throw .tooLarge("too many media types") }
        let index = UInt16(mimeTypes.count)
        mimeTypes.append(type)
        mimeIndexes[type] = index
        return index
    }

    mutating func addBlob(size: Int, source: Source, title: UInt32 = ZimStrings.empty) throws(ZimError) -> UInt32 {
        guard blobs.count < Int(UInt32.max) else { throw .tooLarge("too many files") }
        blobs.append(Blob(size: size, source: source, title: title))
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

    /// Sorts the entries as the URL pointer list lists them: by namespace, then path, byte
    /// by byte.
    mutating func sortByPath() {
        let strings = self.strings
        strings.text.withUnsafeBufferPointer { bytes in
            entries.sort { first, second in
                if first.namespace != second.namespace { return first.namespace.rawValue < second.namespace.rawValue }
                if first.folder == second.folder { return Self.compare(strings.span(first.name), strings.span(second.name), in: bytes) < 0 }
                return Self.compare(
                    (strings.span(first.folder), strings.span(first.name)), (strings.span(second.folder), strings.span(second.name)), in: bytes) < 0
            }
        }
    }

    /// The entries' indexes (in URL order) ordered by namespace, then title (or path when
    /// they have none), then path, so the order is total and the same every time.
    func titleOrder(frontOnly: Bool) -> [UInt32] {
        var order: [UInt32] = []
        order.reserveCapacity(frontOnly ? entries.count(where: \.isFront) : entries.count)
        for (index, entry) in entries.enumerated() where !frontOnly || entry.isFront { order.append(UInt32(index)) }
        func titleOrPath(_ entry: Entry) -> (ZimStrings.Span, ZimStrings.Span) {
            let title = self.title(entry)
            if title != ZimStrings.empty { return (strings.span(ZimStrings.empty), strings.span(title)) }
            return (strings.span(entry.folder), strings.span(entry.name))
        }
        strings.text.withUnsafeBufferPointer { bytes in
            order.sort { firstIndex, secondIndex in
                let first = entries[Int(firstIndex)]
                let second = entries[Int(secondIndex)]
                if first.namespace != second.namespace { return first.namespace.rawValue < second.namespace.rawValue }
                let byTitle = Self.compare(titleOrPath(first), titleOrPath(second), in: bytes)
                if byTitle != 0 { return byTitle < 0 }
                return Self.compare(
                    (strings.span(first.folder), strings.span(first.name)), (strings.span(second.folder), strings.span(second.name)), in: bytes) < 0
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
                : Self.compare(pathBytes(entry), wanted)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private static func compare(_ first: ZimStrings.Span, _ second: ZimStrings.Span, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        compare((ZimStrings.Span(start: 0, count: 0), first), (ZimStrings.Span(start: 0, count: 0), second), in: bytes)
    }

    /// Compares two strings each made of two spans one after the other, byte by byte.
    private static func compare(
        _ first: (ZimStrings.Span, ZimStrings.Span), _ second: (ZimStrings.Span, ZimStrings.Span), in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let firstCount = Int(first.0.count + first.1.count)
        let secondCount = Int(second.0.count + second.1.count)
        let common = min(firstCount, secondCount)
        // Where the run at `offset` starts in `bytes`, and how long it goes on unbroken.
        func run(_ parts: (ZimStrings.Span, ZimStrings.Span), at offset: Int) -> (start: Int, count: Int) {
            let head = Int(parts.0.count)
            if offset < head { return (Int(parts.0.start) + offset, head - offset) }
            return (Int(parts.1.start) + offset - head, Int(parts.1.count) - (offset - head))
        }
        guard let base = bytes.baseAddress else { return firstCount == secondCount ? 0 : firstCount < secondCount ? -1 : 1 }
        var offset = 0
        while offset < common {
            let a = run(first, at: offset)
            let b = run(second, at: offset)
            let length = min(a.count, b.count, common - offset)
            let order = memcmp(base + a.start, base + b.start, length)
            if order != 0 { return order < 0 ? -1 : 1 }
            offset += length
        }
        return firstCount == secondCount ? 0 : firstCount < secondCount ? -1 : 1
    }

    private static func compare(_ first: [UInt8], _ second: [UInt8]) -> Int {
        for (a, b) in zip(first, second) where a != b { return a < b ? -1 : 1 }
        return first.count == second.count ? 0 : first.count < second.count ? -1 : 1
    }
}
