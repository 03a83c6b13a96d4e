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
    /// Open addressing: each slot holds an id plus one, or 0 when free.
    private var slots = [UInt32](repeating: 0, count: 1024)

    /// The id of `bytes`, added when new.
    mutating func id(_ bytes: some Collection<UInt8>) throws(ZimError) -> UInt32 {
        if bytes.isEmpty { return Self.empty }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        while slots[slot] != 0 {
            let found = slots[slot] - 1
            if self.bytes(found).elementsEqual(bytes) { return found }
            slot = (slot + 1) & mask
        }
        guard text.count + bytes.count < Int(UInt32.max) else { throw .tooLarge("its paths and titles pass 4 GiB") }
        let id = UInt32(spans.count)
        spans.append(Span(start: UInt32(text.count), count: UInt32(bytes.count)))
        text.append(contentsOf: bytes)
        slots[slot] = id + 1
        if spans.count * 2 > slots.count { grow() }
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

    /// Frees the table that finds a string's id: once every string is in, only their bytes
    /// are needed.
    mutating func freeze() {
        slots = []
    }

    private mutating func grow() {
        var grown = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for id in 1..<spans.count {
            var slot = Int(truncatingIfNeeded: Self.hash(bytes(UInt32(id)))) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = UInt32(id) + 1
        }
        slots = grown
    }

    /// FNV-1a, 64 bits.
    private static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
