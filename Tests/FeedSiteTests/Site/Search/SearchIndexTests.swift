import SiteGenerator
import TestSupport
import XCTest

/// The index's term files and root, read back with the page script's walk
/// (`SearchIndexReader`) and checked against a brute-force search of the same terms.
final class SearchIndexTests: XCTestCase {
    /// Small enough that a few hundred terms make unions several levels deep.
    private let tinyBudget = 100

    func test_lookup_findsForEveryPrefixOfEveryTermTheItemsWithATermStartingWithIt() throws {
        let items = Self.randomItems(seed: 7)
        let index = try Self.build(items, leafBudget: tinyBudget).reader

        XCTAssertGreaterThan(index.root.unions.count, 10, "the budget splits the terms")
        XCTAssertTrue(index.root.unions.keys.contains { $0.count >= 3 }, "unions several levels deep")
        XCTAssertTrue(index.root.leaves.keys.contains { $0.count >= 4 })
        XCTAssertTrue(index.root.unions.keys.contains { $0.count >= 2 && $0.first == "α" }, "Greek keys")
        var words = Set<String>()
        for term in items.joined() {
            let scalars = Array(term.unicodeScalars)
            for length in 1...scalars.count { words.insert(String(String.UnicodeScalarView(scalars[..<length]))) }
        }
        let twoCodePoints = items.joined().contains { term in
            zip(term.unicodeScalars, term.unicodeScalars.dropFirst()).contains { $0 == "\u{1100}" && $1 == "\u{1161}" }
        }
        XCTAssertTrue(twoCodePoints, "a character of two code points (가), so a word ends within it (ᄀ)")
        for word in words.sorted() {
            XCTAssertEqual(try index.items(startingWith: word), Self.itemsFoundByBruteForce(word, in: items), word.debugDescription)
        }
    }

    /// A spam comment of two runs of letters sharing 22,500 of them once split the index a
    /// level per shared letter, a file at each, until the stack ran out.
    func test_termFiles_ofRunsSharingLongPrefixes_areAFewFilesThatFindTheItem() throws {
        let spam = String(repeating: "abc", count: 15_000) + " " + String(repeating: "abc", count: 7_500) + " " + String(repeating: "x", count: 9_000) + "y"
        let items: [Set<String>] = [Set(SearchTerms.terms(of: spam)), ["abcd"], Set(SearchTerms.terms(of: String(repeating: "x", count: 30_000)))]

        let built = try Self.build(items, leafBudget: tinyBudget)

        XCTAssertLessThanOrEqual(built.files.count, 2 * SearchTerms.maximumLength, "\(built.files.keys.sorted())")
        XCTAssertEqual(try built.reader.items(startingWith: "abca"), [0])
        XCTAssertEqual(try built.reader.items(startingWith: "abc"), [0, 1])
        XCTAssertEqual(try built.reader.items(startingWith: String(repeating: "x", count: 64)), [0, 2])
        XCTAssertEqual(try built.reader.items(startingWith: String(repeating: "abc", count: 21)), [0], "63 letters of the first run")
    }

    func test_add_keepsAnItemOnceUnderATermItsTextRepeats() throws {
        var index = SearchIndex(itemCount: 2)
        index.add(["lisbon", "sun", "lisbon", "sun", "lisbon"], item: 0)
        index.add(["sun", "sun"], item: 1)

        let terms = index.termFiles()

        XCTAssertEqual(terms.files.map(\.text), [#"feedsiteSearch("t0", ["lisbon", "0", "sun", "00"]);"# + "\n"])
    }

    func test_lookup_findsNothingForAWordNoTermStartsWith() throws {
        let items = Self.randomItems(seed: 7)
        let index = try Self.build(items, leafBudget: tinyBudget).reader
        let terms = Set(items.joined())
        let words = ["q", "qa", "aq", "ααq", "ς", "\u{1161}", "𠀀q", "ä"] + terms.sorted().map { $0 + "q" } + terms.sorted().map { $0 + "\u{1161}" }

        let unmatched = words.filter { Self.itemsFoundByBruteForce($0, in: items).isEmpty }

        XCTAssertGreaterThan(unmatched.count, terms.count)
        for word in unmatched {
            XCTAssertEqual(try index.items(startingWith: word), [], word.debugDescription)
        }
        XCTAssertEqual(try index.items(startingWith: ""), [])
    }

    func test_leafFiles_stayWithinTheBudgetUnlessTheyHoldOneTerm() throws {
        for seed: UInt64 in [7, 8, 9] {
            let built = try Self.build(Self.randomItems(seed: seed), leafBudget: tinyBudget)

            for number in Set(built.reader.root.leaves.values) {
                let bytes = try XCTUnwrap(built.files["t\(number)"]).utf8.count
                let terms = try built.reader.leafTerms(number).count
                XCTAssertTrue(bytes <= tinyBudget || terms == 1, "seed \(seed): t\(number) has \(terms) terms in \(bytes) bytes")
            }
        }
    }

    func test_everyTerm_isInOneLeafFileOrIsAUnionsKey() throws {
        let items = Self.randomItems(seed: 7)
        let built = try Self.build(items, leafBudget: tinyBudget)
        let root = built.reader.root
        let leafFiles = Set(root.leaves.values)
        var filesHolding: [String: [Int]] = [:]
        var sharedFiles = 0

        for number in leafFiles.sorted() {
            let terms = try built.reader.leafTerms(number).map(\.term)
            let keys = root.leaves.filter { $0.value == number }.keys
            if keys.count > 1 { sharedFiles += 1 }
            XCTAssertEqual(terms, Set(terms).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }, "t\(number): sorted, distinct")
            for term in terms {
                filesHolding[term, default: []].append(number)
                XCTAssertTrue(keys.contains { term.unicodeScalars.starts(with: $0) }, "t\(number) holds \(term), which starts with none of its keys")
            }
        }
        for term in Set(items.joined()) {
            let isUnionKey = root.unions[Array(term.unicodeScalars)] != nil
            XCTAssertEqual(filesHolding[term, default: []].count, isUnionKey ? 0 : 1, term.debugDescription)
        }
        XCTAssertEqual(Set(filesHolding.keys), Set(items.joined()).filter { root.unions[Array($0.unicodeScalars)] == nil }, "no other term")
        XCTAssertGreaterThan(sharedFiles, 0, "neighbouring leaves share files")
        XCTAssertEqual(
            Set(built.files.keys), Set(leafFiles.map { "t\($0)" } + root.unions.values.map { "u\($0)" } + ["index"]), "the files the root names")
    }

    func test_termFiles_ofASmallFeedAreOneLeafFileUnderEveryFirstLetter() throws {
        let built = try Self.build([["lisbon", "portugal"], [], ["αθηνα", "lisbon"]], leafBudget: SearchIndex.leafBudget)

        XCTAssertEqual(built.files["t0"], #"feedsiteSearch("t0", ["lisbon", "01", "portugal", "0", "αθηνα", "2"]);"# + "\n")
        XCTAssertEqual(built.files.count, 2, "t0 and the root")
        XCTAssertEqual(built.root, Self.root(items: 3, leaves: #"{"l": 0, "p": 0, "α": 0}"#, unions: "{}", generation: built.generation))
    }

    func test_root_namesTheUnionsAndTheLeavesUnderThem() throws {
        let items: [Set<String>] = [["aa", "ab"], ["a", "abc"], ["b"]]
        // So small a budget that every leaf is one term, and "a" and "ab" hold too many.
        let built = try Self.build(items, leafBudget: 30)

        XCTAssertEqual(
            built.root, Self.root(items: 3, leaves: #"{"aa": 0, "abc": 1, "b": 2}"#, unions: #"{"a": 0, "ab": 1}"#, generation: built.generation))
        XCTAssertEqual(built.files["u0"], #"feedsiteSearch("u0", "00");"# + "\n", "items 0 and 1 have terms that start with a")
        XCTAssertEqual(built.files["u1"], #"feedsiteSearch("u1", "00");"# + "\n")
        XCTAssertEqual(built.files["t0"], #"feedsiteSearch("t0", ["aa", "0"]);"# + "\n")
        XCTAssertEqual(built.files["t1"], #"feedsiteSearch("t1", ["abc", "1"]);"# + "\n")
        XCTAssertEqual(built.files["t2"], #"feedsiteSearch("t2", ["b", "2"]);"# + "\n")
        XCTAssertEqual(built.reader.root.version, 1)
        XCTAssertEqual(built.reader.root.docsPerFile, SearchDocument.docsPerFile)
        XCTAssertEqual(built.reader.root.items, 3)
    }

    func test_files_areTheSameBytesWhateverTheOrderTheItemsAreAddedIn() throws {
        let items = Self.randomItems(seed: 9)
        var generator = SeededGenerator(seed: 10)

        let inOrder = try Self.build(items, leafBudget: tinyBudget)
        let shuffled = try Self.build(items, order: items.indices.shuffled(using: &generator), leafBudget: tinyBudget)

        XCTAssertEqual(shuffled.files, inOrder.files)
        XCTAssertEqual(shuffled.root, inOrder.root)
    }

    func test_generation_changesWithOneRecordOrOneTerm() throws {
        var items = Self.randomItems(seed: 9)
        let built = try Self.build(items, leafBudget: tinyBudget)
        var digests = Self.digests(items.count)
        digests[5 * SearchDocument.digestBytes + 3] ^= 1

        let oneRecord = try Self.build(items, leafBudget: tinyBudget, digests: digests)
        items[17].insert("zz")
        let oneTerm = try Self.build(items, leafBudget: tinyBudget)

        XCTAssertTrue(
            built.generation.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        XCTAssertEqual(built.generation.count, 16)
        XCTAssertEqual(try Self.build(Self.randomItems(seed: 9), leafBudget: tinyBudget).generation, built.generation, "the same data")
        XCTAssertNotEqual(oneRecord.generation, built.generation, "one record")
        XCTAssertNotEqual(oneTerm.generation, built.generation, "one term")
    }

    // MARK: - Helpers

    private struct Built {
        /// Each file's text by name, `index` for the root.
        let files: [String: String]
        let root: String
        let generation: String
        let reader: SearchIndexReader
    }

    /// The index of `items` (each item's terms), added in `order`, with the records' digests.
    private static func build(_ items: [Set<String>], order: [Int]? = nil, leafBudget: Int, digests: [UInt8]? = nil) throws -> Built {
        var index = SearchIndex(itemCount: items.count)
        for item in order ?? Array(items.indices) { index.add(items[item].sorted(), item: item) }
        let terms = index.termFiles(leafBudget: leafBudget)
        let generation = SearchIndex.generation(recordDigests: digests ?? Self.digests(items.count), termFiles: terms.files)
        let root = SearchIndex.root(generation: generation, itemCount: items.count, docsPerFile: SearchDocument.docsPerFile, terms: terms)
        var files = Dictionary(uniqueKeysWithValues: terms.files.map { ($0.name, $0.text) })
        XCTAssertEqual(files.count, terms.files.count, "file names are distinct")
        files["index"] = root
        let reader = try SearchIndexReader(root: root) { files[$0] }
        return Built(files: files, root: root, generation: generation, reader: reader)
    }

    private static func digests(_ count: Int) -> [UInt8] {
        (0..<count).flatMap { SearchDocument.digest(Array("record \($0)".utf8)) }
    }

    private static func root(items: Int, leaves: String, unions: String, generation: String) -> String {
        #"feedsiteSearch("index", {"version": 1, "generation": "\#(generation)", "items": \#(items), "docsPerFile": 8, "leaves": \#(leaves), "unions": \#(unions)});"#
            + "\n"
    }

    /// Every item that has a term starting with `word`, code point by code point.
    private static func itemsFoundByBruteForce(_ word: String, in items: [Set<String>]) -> Set<Int> {
        guard !word.isEmpty else { return [] }
        return Set(items.indices.filter { items[$0].contains { $0.unicodeScalars.starts(with: word.unicodeScalars) } })
    }

    /// A vocabulary of a few hundred terms, heavy on a few first letters so they need unions,
    /// with Greek, a letter beyond the Basic Multilingual Plane and Hangul jamo (two code
    /// points, one character on screen), spread over 150 items, a few without terms.
    private static func randomItems(seed: UInt64) -> [Set<String>] {
        var generator = SeededGenerator(seed: seed)
        let letters: [Unicode.Scalar] = ["a", "a", "a", "a", "a", "a", "b", "b", "b", "c", "1", "α", "α", "α", "β", "σ", "ж", "𠀀", "\u{1100}", "\u{1161}"]
        let vocabulary = (0..<500).map { _ in
            String(String.UnicodeScalarView((0..<Int.random(in: 1...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! }))
        }
        return (0..<200).map { item in
            item % 23 == 5 ? [] : Set((0..<Int.random(in: 1...7, using: &generator)).map { _ in vocabulary.randomElement(using: &generator)! })
        }
    }
}
