import SiteGenerator
import TestSupport
import XCTest

/// Sets of items as the index writes them: a list of gaps or a bitmap, whichever is shorter,
/// read back by the writer's own decoder and by the one written from the format.
final class SearchPostingsTests: XCTestCase {
    func test_encode_writesTheDocumentedExamples() {
        XCTAssertEqual(SearchPostings.encode([0, 1, 5]), "~z", "the bitmap, two characters, beats the list 003")
        XCTAssertEqual(SearchPostings.encode([40]), "x8", "the gap 40 is 1 × 32 + 8")
        XCTAssertEqual(SearchPostings.encode([0, 2]), "01", "a tie: the list 01 against the bitmap ~5")
        XCTAssertEqual(SearchPostings.encode([0, 1024]), "0_v", "the gap 1023 is 31 × 32 + 31")
        XCTAssertEqual(SearchPostings.encode([0, 1, 2, 3, 4, 5, 6]), "~_1")
    }

    func test_encode_writesTheListWhenItIsAsShortAsTheBitmap() {
        XCTAssertEqual(SearchPostings.encode([0]), "0", "the list 0 against the bitmap ~1")
        XCTAssertEqual(SearchPostings.encode([0, 1]), "00", "the list 00 against the bitmap ~3")
        XCTAssertEqual(SearchPostings.encode([6]), "6", "the list 6 against the bitmap ~01")
        XCTAssertEqual(SearchPostings.encode([0, 1, 2]), "~7", "the list 000 is longer than the bitmap ~7")
        XCTAssertEqual(SearchPostings.encode([5, 6, 7]), "500", "a tie: the list 500 against the bitmap ~w3")
    }

    func test_encode_ofNoItemIsEmptyAndReadsBackAsNone() {
        XCTAssertEqual(SearchPostings.encode([]), "")
        XCTAssertEqual(SearchPostings.encodedLength([]), 0)
        XCTAssertEqual(SearchPostings.decode(""), [])
        XCTAssertEqual(try SearchIndexReader.postings(""), [])
    }

    func test_encodedLengthAndDecode_agreeWithEncodeOverRandomSetsOfEveryDensity() throws {
        var generator = SeededGenerator(seed: 2)
        for round in 0..<320 {
            let range = Int.random(in: 1...2_000, using: &generator)
            let density = [0.001, 0.02, 0.1, 0.17, 0.3, 0.6, 0.95, 1][round % 8]
            let items = (0..<UInt32(range)).filter { _ in Double.random(in: 0..<1, using: &generator) < density }
            let text = SearchPostings.encode(items)

            let context = "round \(round): \(items.count) items of \(range)"
            XCTAssertEqual(SearchPostings.encodedLength(items), text.utf8.count, context)
            XCTAssertEqual(SearchPostings.decode(text), items, context)
            XCTAssertEqual(try SearchIndexReader.postings(text), Set(items.map(Int.init)), context)
            XCTAssertEqual(text.utf8.count, min(listLength(items), bitmapLength(items)), context)
        }
    }

    func test_encode_takesItemsUpToTheLargestItemNumber() {
        let sets: [[UInt32]] = [[UInt32.max], [0, UInt32.max], [UInt32.max - 1, UInt32.max], [0, 1 << 31, UInt32.max - 32, UInt32.max]]
        for items in sets {
            let text = SearchPostings.encode(items)

            XCTAssertFalse(text.hasPrefix("~"), "\(items)")
            XCTAssertEqual(SearchPostings.encodedLength(items), text.utf8.count, "\(items)")
            XCTAssertEqual(SearchPostings.decode(text), items, "\(items)")
        }
        XCTAssertEqual(SearchPostings.encode([UInt32.max]), "z_____v", "2³² − 1: seven digits of base 32, 3 then six 31s")
    }

    func test_decode_refusesWhatIsNotPostings() {
        let texts = [
            "00!": "a character outside the alphabet",
            "0 1": "a space",
            "~z~": "a second tilde",
            "~z.": "a character outside the alphabet in a bitmap",
            "é": "a letter outside the alphabet",
            "0w": "an unfinished gap",
            "Z": "a gap of only an unfinished digit",
            "z_____v0": "an item beyond 2³² − 1",
            "Awwwww0": "the gap 2³²",
            "_______v": "a gap of eight digits",
        ]
        for (text, reason) in texts {
            XCTAssertNil(SearchPostings.decode(text), "\(text): \(reason)")
        }
    }

    // MARK: - Helpers

    /// The list form's length: each gap's digits in base 32.
    private func listLength(_ items: [UInt32]) -> Int {
        var previous = -1
        return items.reduce(0) { length, item in
            defer { previous = Int(item) }
            return length + String(Int(item) - previous - 1, radix: 32).count
        }
    }

    /// The bitmap form's length: the tilde, and a character for each six items up to the last.
    private func bitmapLength(_ items: [UInt32]) -> Int {
        1 + (items.last.map { Int($0) / 6 + 1 } ?? 0)
    }
}
