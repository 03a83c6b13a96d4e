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

    /// What the page is made from, as 64 bits of a SHA-256: equal for two drafts that render
    /// the same bytes to the same path.
    public var inputs: UInt64 {
        var bytes = PageInputs(version: PageInputs.version)
        bytes.add(path)
        bytes.add(body.sourceDigest)
        bytes.add(layout.sourceDigest)
        bytes.add(bodyValues)
        bytes.add(.object(layoutValues))
        return bytes.digest()
    }
}

/// Template values written as bytes, one way only, for `PageDraft.inputs`: each value's
/// kind, then its length or count, then its bytes; an object's fields in the order of their
/// names, as a dictionary has no order of its own (one that differs from process to
/// process).
struct PageInputs {
    /// Bumped whenever the same templates and values would render other bytes (the engine
    /// or its escaping changed), so a site published before is rendered again, not kept.
    /// `PageInputsTests` holds the engine's output this version was set for.
    static let version: UInt8 = 1

    private var bytes: [UInt8] = []

    init(version: UInt8) {
        bytes.reserveCapacity(4096)
        bytes.append(version)
    }

    mutating func add(_ value: TemplateValue) {
        switch value {
        case let .text(text):
            bytes.append(1)
            add(text)
        case let .html(html):
            bytes.append(2)
            add(html)
        case let .bool(flag):
            bytes.append(flag ? 3 : 4)
        case let .list(items):
            bytes.append(5)
            add(count: items.count)
            for item in items { add(item) }
        case let .object(fields):
            bytes.append(6)
            add(count: fields.count)
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                add(name)
                add(field)
            }
        }
    }

    mutating func add(_ text: String) {
        add(count: text.utf8.count)
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: text.utf8) }
    }

    mutating func add(_ digest: [UInt8]) {
        bytes.append(contentsOf: digest)
    }

    private mutating func add(count: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The first 8 bytes of the SHA-256 of what was added.
    func digest() -> UInt64 {
        SHA256.hash(bytes).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
