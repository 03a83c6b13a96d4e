import Hashing

/// A page of the site before its HTML is made: the templates and the values they are
/// given, and a digest of all of it (`inputs`), so a page made from the same inputs as the
/// published one need be neither rendered nor compared with it.
///
/// The digest is taken over what the templates see, not over the models the values come
/// from: whatever a page shows (the item, its comments and their "3 days ago", the strings,
/// the locale, the links to its neighbours, the run's time in the snapshot line) is in a
/// value, so nothing it shows can change without the digest changing. The templates enter
/// by their source; what turns templates and values into bytes (the engine, its escaping)
/// enters by `PageInputs.version`.
public struct PageDraft: Sendable {
    /// Where the page goes, from the site root.
    public let path: String
    let body: Template
    let bodyValues: TemplateValue
    let layout: Template
    /// The layout's values but the body, which `render()` adds.
    let layoutValues: [String: TemplateValue]

    /// The page's HTML.
    public func render() throws -> String {
        var values = layoutValues
        values["body"] = .html(try body.render(bodyValues))
        return try layout.render(.object(values))
    }

    /// What the page is made from, as 64 bits: equal for two drafts that render the same
    /// bytes to the same path.
    public var inputs: UInt64 {
        var hasher = PageInputs(version: PageInputs.version)
        hasher.add(path)
        hasher.add(body.sourceDigest)
        hasher.add(layout.sourceDigest)
        hasher.add(bodyValues)
        hasher.add(.object(layoutValues))
        return hasher.digest()
    }
}

/// Template values hashed, one way only, for `PageDraft.inputs`: 64 bits that are the same
/// for the same values in any process, and differ otherwise but by chance (one in 2^64 for
/// two pages). Texts are hashed 8 bytes at a time; a list in its order; an object's fields in
/// no order, each field's name and value hashed together and the fields' hashes added, as a
/// dictionary has no order of its own (one that differs from process to process). Not a
/// cryptographic hash: the API, which could aim at a collision, decides what every page shows
/// anyway. Serializing the values and sorting each object's fields for SHA-256 cost 14 µs a
/// page, 6 % of an offline run (BENCHMARKS.md, "What each trick buys", row "a page's inputs
/// hashed in place").
struct PageInputs {
    /// Bumped whenever the same templates and values would render other bytes (the engine
    /// or its escaping changed), so a site published before is rendered again, not kept.
    /// `PageDraftTests` holds the engine's output this version was set for.
    static let version: UInt8 = 1

    private var state: UInt64

    init(version: UInt8) {
        state = Self.mix(0x243F_6A88_85A3_08D3 ^ UInt64(version))
    }

    mutating func add(_ value: TemplateValue) {
        state = Self.mix(state ^ Self.hash(value))
    }

    mutating func add(_ text: String) {
        state = Self.mix(state ^ Self.hash(text, kind: 1))
    }

    mutating func add(_ digest: [UInt8]) {
        state = Self.mix(state ^ digest.withUnsafeBytes { Self.hash($0, kind: 8) })
    }

    /// What was added, as 64 bits.
    func digest() -> UInt64 {
        Self.mix(state)
    }

    private static func hash(_ value: TemplateValue) -> UInt64 {
        switch value {
        case let .text(text):
            return hash(text, kind: 1)
        case let .html(html):
            return hash(html, kind: 2)
        case let .bool(flag):
            return mix(flag ? 3 : 4)
        case let .list(items):
            var hash = mix(5 ^ UInt64(items.count) << 8)
            for item in items { hash = mix(hash ^ Self.hash(item)) }
            return hash
        case let .object(fields):
            var sum: UInt64 = 0
            for (name, field) in fields { sum &+= Mix64.combine(Self.hash(name, kind: 7), Self.hash(field)) }
            return mix(sum ^ 6 ^ UInt64(fields.count) << 8)
        }
    }

    private static func hash(_ text: String, kind: UInt64) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ Self.hash(UnsafeRawBufferPointer($0), kind: kind) }) { return hash }
        return Array(text.utf8).withUnsafeBytes { hash($0, kind: kind) }
    }

    /// The bytes 8 at a time, the last few padded, their count and `kind` mixed in first.
    private static func hash(_ bytes: UnsafeRawBufferPointer, kind: UInt64) -> UInt64 {
        var hash = mix(kind ^ UInt64(bytes.count) << 8)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            hash = mix(hash ^ last)
        }
        return hash
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        Mix64.mix(value)
    }
}
