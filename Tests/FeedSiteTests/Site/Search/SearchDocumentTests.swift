import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// An item as the search shows it (its record: id, image, size, location, snippet text) and
/// the terms it is found by.
final class SearchDocumentTests: XCTestCase {
    func test_record_holdsTheIdImageSizeLocationAndTheDescriptionThenEachComment() throws {
        let entry = makeEntry(
            location: "Lisbon, Portugal", description: "Golden hour.\nOver the Tagus.", stored: SiteFixtures.stored("b", width: 360, height: 240))
        let comments = [comment("ana.m", "Those colours!"), comment("jonas", "Graça?")]

        let record = try parse(SearchDocument.record(of: entry, comments: comments))

        XCTAssertEqual(record.count, 6)
        XCTAssertEqual(record[0] as? String, SiteFixtures.firstID.uuidString)
        XCTAssertEqual(SitePaths().commentsPage(for: entry.id), "comments/\(try XCTUnwrap(record[0] as? String)).html", "it names the comments page")
        XCTAssertEqual(record[1] as? String, String(repeating: "b", count: 64) + ".png")
        XCTAssertEqual(record[2] as? Int, 360)
        XCTAssertEqual(record[3] as? Int, 240)
        XCTAssertEqual(record[4] as? String, "Lisbon, Portugal")
        XCTAssertEqual(record[5] as? String, "Golden hour.\nOver the Tagus.\nana.m: Those colours!\njonas: Graça?")
    }

    func test_record_ofAnItemWithoutImageLocationDescriptionOrCommentsHoldsEmptyValues() throws {
        let bare = makeEntry(location: nil, description: nil, stored: nil)
        let sizeUnknown = makeEntry(location: nil, description: nil, stored: StoredImage(sha256: String(repeating: "c", count: 64), byteCount: 9, format: .gif))

        XCTAssertEqual(try texts(SearchDocument.record(of: bare, comments: nil)), [SiteFixtures.firstID.uuidString, "", "0", "0", "", ""])
        XCTAssertEqual(try texts(SearchDocument.record(of: bare, comments: [])), [SiteFixtures.firstID.uuidString, "", "0", "0", "", ""])
        XCTAssertEqual(
            try texts(SearchDocument.record(of: bare, comments: [comment("tom", "Hi")])), [SiteFixtures.firstID.uuidString, "", "0", "0", "", "tom: Hi"])
        XCTAssertEqual(
            try texts(SearchDocument.record(of: sizeUnknown, comments: nil)),
            [SiteFixtures.firstID.uuidString, String(repeating: "c", count: 64) + ".gif", "0", "0", "", ""])
    }

    func test_record_ofAnImageWithRenditionsNamesTheSmallestWithItsSize() throws {
        let renditions = [960, 480, 1600].map { width in
            StoredImage(
                sha256: String(repeating: width == 480 ? "d" : "e", count: 64), byteCount: 100, format: .jpeg,
                dimensions: ImageDimensions(width: width, height: width * 2 / 3))
        }
        let entry = SiteEntry(
            image: SiteFixtures.image(location: "Porto"), stored: SiteFixtures.stored("b", width: 3000, height: 2000), firstSeen: fixedNow(),
            renditions: renditions)

        XCTAssertEqual(
            try texts(SearchDocument.record(of: entry, comments: nil)),
            [SiteFixtures.firstID.uuidString, String(repeating: "d", count: 64) + ".jpg", "480", "320", "Porto", "A description"])
    }

    func test_record_cutsALongTextAtTheLastSpaceBeforeTheLimit() throws {
        let words = (1...200).map { "word\($0)" }.joined(separator: " ")
        let entry = makeEntry(description: words)

        let text = try XCTUnwrap(try parse(SearchDocument.record(of: entry, comments: [comment("sam", "after the cut")]))[5] as? String)

        XCTAssertTrue(text.hasSuffix("…"), text)
        let kept = String(text.unicodeScalars.dropLast())
        XCTAssertLessThanOrEqual(kept.unicodeScalars.count, SearchDocument.textLimit)
        XCTAssertGreaterThan(kept.unicodeScalars.count, SearchDocument.textLimit - 10, "cut at the last space, not sooner")
        XCTAssertTrue(words.hasPrefix(kept + " "), "whole words, cut before a space: \(kept)")
    }

    func test_record_cutsAtTheLimitATextWithoutSpace() throws {
        let entry = makeEntry(description: String(repeating: "α", count: 1_000))

        let text = try XCTUnwrap(try parse(SearchDocument.record(of: entry, comments: nil))[5] as? String)

        XCTAssertEqual(text, String(repeating: "α", count: SearchDocument.textLimit) + "…")
    }

    func test_record_keepsATextUpToTheLimitWhole() throws {
        let limit = SearchDocument.textLimit
        let atTheLimit = String(repeating: "ab ", count: limit / 3) + String(repeating: "x", count: limit % 3)
        let overTheLimit = atTheLimit + "y"

        XCTAssertEqual(try parse(SearchDocument.record(of: makeEntry(description: atTheLimit), comments: nil))[5] as? String, atTheLimit)
        XCTAssertEqual(
            try parse(SearchDocument.record(of: makeEntry(description: overTheLimit), comments: nil))[5] as? String,
            String(atTheLimit.dropLast(limit % 3 + 1)) + "…")
        XCTAssertEqual(try parse(SearchDocument.record(of: makeEntry(description: "Short."), comments: nil))[5] as? String, "Short.")
    }

    func test_record_escapesMarkupQuotesAndLineBreaksAsJSON() throws {
        let tricky = "<script>alert(\"x\")</script> & 'quoted' \\ back\tslash\r\n\u{1}"
        let entry = makeEntry(location: "\"Rio\" <b>", description: tricky)
        let comments = [comment("o\"brien", "</p>\u{2028}\u{2029}")]

        let record = SearchDocument.record(of: entry, comments: comments)
        let parsed = try parse(record)
        let text = String(decoding: record, as: UTF8.self)

        XCTAssertEqual(parsed[4] as? String, "\"Rio\" <b>")
        XCTAssertEqual(parsed[5] as? String, tricky.replacingOccurrences(of: "\u{1}", with: "") + "\no\"brien: </p>\u{2028}\u{2029}")
        XCTAssertTrue(text.contains(#"back\tslash\r\n"#), text)
        XCTAssertTrue(text.contains(#"alert(\"x\")"#), text)
        XCTAssertTrue(text.contains(#"</p>\u2028\u2029"#), text)
    }

    func test_file_holdsItsRecordsInOneCallWithoutLineOrParagraphSeparators() throws {
        let records = [
            SearchDocument.record(of: makeEntry(description: "Line\u{2028}and paragraph\u{2029}separators"), comments: nil),
            SearchDocument.record(of: makeEntry(id: SiteFixtures.secondID), comments: nil),
        ]

        let file = SearchDocument.file(3, records: records.map { $0[...] })

        XCTAssertEqual(file.name, "d3")
        XCTAssertFalse(file.text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, "a raw separator ends a line in older JavaScript")
        let value = try XCTUnwrap(try SearchIndexReader.value(of: file.text, named: "d3") as? [[Any]])
        XCTAssertEqual(value.count, 2)
        XCTAssertEqual(value.first?[5] as? String, "Line\u{2028}and paragraph\u{2029}separators")
        XCTAssertEqual(value.last?[0] as? String, SiteFixtures.secondID.uuidString)
    }

    func test_terms_areThoseOfTheLocationDescriptionThenEachCommentAndItsAuthorInOrder_thenTheItemsOwnWordsMarked() {
        let entry = makeEntry(location: "São Paulo, Brazil", description: "Ἀθῆναι at night")
        let comments = [comment("Nikos_K", "Πανέμορφα!"), comment("ana.m", "Take me back")]

        XCTAssertEqual(
            SearchDocument.terms(of: entry, comments: comments),
            [
                "sao", "paulo", "brazil", "αθηναι", "at", "night", "πανεμορφα", "nikos", "k", "take", "me", "back", "ana", "m", "=sao", "=paulo", "=brazil",
                "=αθηναι", "=at", "=night",
            ])
    }

    func test_terms_withoutCommentsAreThoseOfTheLocationAndDescription_eachAlsoAsItsOwn() {
        let entry = makeEntry(location: "Kyoto, Japan", description: "Early morning.")

        XCTAssertEqual(SearchDocument.terms(of: entry, comments: nil), ["kyoto", "japan", "early", "morning", "=kyoto", "=japan", "=early", "=morning"])
        XCTAssertEqual(SearchDocument.terms(of: makeEntry(location: nil, description: nil), comments: nil), [])
    }

    // MARK: - Helpers

    func test_record_dropsTheCharactersThePagesDrop() throws {
        let entry = makeEntry(location: "Lis\u{1B}[1mbon\u{85}", description: "Sun\u{0}set\u{FFFF}")

        let record = try parse(SearchDocument.record(of: entry, comments: [comment("ana\u{7}", "hi\u{0B}there")]))

        XCTAssertEqual(record[4] as? String, "Lis[1mbon")
        XCTAssertEqual(record[5] as? String, "Sunset\nana: hithere")
        let onlyDropped = try parse(SearchDocument.record(of: makeEntry(description: "\u{1}\u{2}"), comments: [comment("ana", "hi")]))
        XCTAssertEqual(onlyDropped[5] as? String, "ana: hi", "no empty line for a description the pages do not show")
    }

    func test_terms_areTheWordsAsThePagesShowThem() {
        let entry = makeEntry(location: "Lis\u{1}bon", description: "Sun\u{0B}set")

        XCTAssertEqual(
            SearchDocument.terms(of: entry, comments: [comment("an\u{7F}a", "hi\u{0}there")]), ["lisbon", "sunset", "hithere", "ana", "=lisbon", "=sunset"])
    }

    private func makeEntry(
        id: UUID = SiteFixtures.firstID, location: String? = "A location", description: String? = "A description", stored: StoredImage? = SiteFixtures.stored()
    ) -> SiteEntry {
        SiteEntry(image: SiteFixtures.image(id: id, description: description, location: location), stored: stored, firstSeen: fixedNow())
    }

    private func comment(_ username: String, _ message: String) -> ImageComment {
        uniqueComment(message: message, username: username)
    }

    private func parse(_ record: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> [Any] {
        try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(record)) as? [Any], String(decoding: record, as: UTF8.self), file: file, line: line)
    }

    /// The record's values as text, for comparing whole records.
    private func texts(_ record: [UInt8]) throws -> [String] {
        try parse(record).map { "\($0)" }
    }
}
