import Basics
import FeedCore
import Hashing

/// The terms of a site's search index and the items each is in, and the files they become.
///
/// A locale's index is a folder of small scripts beside its pages, each one call of the
/// page's `feedsiteSearch(name, value)`, loaded with a `<script>` element because `fetch`
/// of a local file is blocked over `file://`:
///
///     search/index.js           "index": the generation, the item count and the key table
///     search/<generation>/t3.js "t3": terms that start with one key, and their items
///     search/<generation>/u0.js "u0": every item with a term that starts with one key
///     search/<generation>/d12.js "d12": the items shown as results (`SearchDocument`)
///
/// The terms are split by prefix so a query loads only what its words need: the terms that
/// start with one character are one leaf while they fit in `leafBudget` bytes; beyond that
/// the prefix gets a union file, for a query word that ends there, and is split by its next
/// character, and so on. Neighbouring leaves share a file while it fits. To find the items
/// of a query word, the script looks its prefixes up, shortest first: a leaf holds every
/// term the word can match; a union ends the search when the word ends there, else the
/// next prefix is looked up; a prefix in neither table matches nothing.
///
/// The generation is a digest of every data file, so a browser's cache never mixes two
/// runs' files, and the same data gives the same bytes.
public struct SearchIndex: Sendable {
    public let itemCount: Int
    private var postings: [String: Items] = [:]

    public init(itemCount: Int) {
        self.itemCount = itemCount
    }

    /// Records that item `item` (its place in the feed, from 0) has each of `terms`, which
    /// may repeat. An item's terms come in one call, so a term whose last item is this one
    /// is a repeat.
    public mutating func add(_ terms: [String], item: Int) {
        let item = UInt32(item)
        for term in terms {
            postings[term, default: .none].add(item)
        }
    }

    /// The items of a term. Most terms of a large feed are in one item: holding that one
    /// inline, not in an array of its own, is what keeps the index within its memory budget
    /// (BENCHMARKS.md, "Search").
    enum Items {
        case none
        case one(UInt32)
        case many([UInt32])

        /// Adds `item` unless it is the last one added.
        mutating func add(_ item: UInt32) {
            switch self {
            case .none: self = .one(item)
            case let .one(first) where first != item: self = .many([first, item])
            case .one: break
            case var .many(items):
                guard items.last != item else { return }
                self = .none
                items.append(item)
                self = .many(items)
            }
        }

        /// Puts the items in ascending order (they come as their comments load).
        mutating func sort() {
            guard case var .many(items) = self else { return }
            self = .none
            items.sort()
            self = .many(items)
        }

        /// The items, in the order they are held.
        var list: [UInt32] {
            switch self {
            case .none: []
            case let .one(item): [item]
            case let .many(items): items
            }
        }
    }

    /// A file of the index's folder: its name without `.js`, and its text.
    public struct File: Equatable, Sendable {
        public let name: String
        public let text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// The leaf and union files, and the key table that finds them.
    public struct Terms: Sendable {
        public var files: [File] = []
        /// Each leaf's key and file number (`t<number>`), keys in order; neighbouring keys
        /// may share a file.
        public var leaves: [(key: String, number: Int)] = []
        /// Each union's key and file number (`u<number>`), keys in order.
        public var unions: [(key: String, number: Int)] = []
    }

    /// Most bytes a leaf file holds, unless it is one term: at 100,000 items a query of
    /// two words loads two such files at most (BENCHMARKS.md, "Search").
    public static let leafBudget = 24 * 1024

    /// The leaf and union files of the terms recorded, which are let go: the index holds
    /// none afterwards.
    ///
    /// Each term's items are sorted where they lie and the table let go before the terms are
    /// sorted, so neither the table nor a term's items are ever held twice: BENCHMARKS.md,
    /// "What each trick buys", row "the search's terms let go before they are sorted".
    public mutating func termFiles(leafBudget: Int = leafBudget) -> Terms {
        // Not `values.indices`: that collection holds the table, and sorting would copy it.
        var index = postings.values.startIndex
        while index != postings.values.endIndex {
            postings.values[index].sort()
            postings.values.formIndex(after: &index)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(postings.count)
        for (term, items) in postings { entries.append(Entry(term: term, items: items)) }
        postings = [:]
        entries.sort { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
        var builder = TermFilesBuilder(entries: entries, itemCount: itemCount, leafBudget: leafBudget)
        builder.split(entries.indices, depth: 0)
        return builder.terms
    }

    /// The root file: what the script reads first.
    public static func root(generation: String, itemCount: Int, docsPerFile: Int, terms: Terms) -> String {
        func table(_ keys: [(key: String, number: Int)]) -> String {
            "{" + keys.map { "\(JSONText.quoted($0.key)): \($0.number)" }.joined(separator: ", ") + "}"
        }
        return call(
            "index",
            "{\"version\": 1, \"generation\": \"\(generation)\", \"items\": \(itemCount), \"docsPerFile\": \(docsPerFile), \"leaves\": \(table(terms.leaves)), \"unions\": \(table(terms.unions))}"
        )
    }

    /// The index's generation: 16 hex digits of a digest of every item's record (given as
    /// `SearchDocument.digest`s, in item order) and every term file.
    public static func generation(recordDigests: [UInt8], termFiles: [File]) -> String {
        var hash = SHA256()
        hash.update(recordDigests)
        for file in termFiles { hash.update(file.text.utf8) }
        return String(SHA256.hex(hash.finalize()).prefix(16))
    }

    /// A file's text: one call of the page's `feedsiteSearch` with `name` and `value`
    /// (JSON; the records escape the line and paragraph separators, which terms and keys,
    /// made of letters and digits, never hold).
    public static func call(_ name: String, _ value: String) -> String {
        "feedsiteSearch(\"\(name)\", \(value));\n"
    }

    struct Entry {
        let term: String
        /// The term's items, ascending.
        let items: Items
        /// What the term adds to a leaf file: `"term", "postings", `.
        let leafBytes: Int
        let scalarCount: Int

        init(term: String, items: Items) {
            self.term = term
            self.items = items
            leafBytes = term.utf8.count + SearchPostings.encodedLength(items.list) + 8
            scalarCount = term.unicodeScalars.count
        }

        func scalar(at offset: Int) -> Unicode.Scalar {
            term.unicodeScalars.dropFirst(offset).first!
        }

        func prefix(_ length: Int) -> String {
            String(String.UnicodeScalarView(term.unicodeScalars.prefix(length)))
        }
    }
}
