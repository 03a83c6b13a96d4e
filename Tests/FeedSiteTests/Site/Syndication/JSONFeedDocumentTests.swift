import Basics
import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

final class JSONFeedDocumentTests: XCTestCase {
    private let id = UUID(uuidString: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6")!

    // MARK: - Fields

    func test_render_writesTheFeedsOwnFieldsAsJSONFeed11() throws {
        let feed = SyndicationFixtures.feed(title: "Το Feed μου", language: "pt-BR", author: "api.example")

        let json = try parse(JSONFeedDocument.render(feed))

        XCTAssertEqual(json["version"], .string("https://jsonfeed.org/version/1.1"))
        XCTAssertEqual(json["title"], .string("Το Feed μου"))
        XCTAssertEqual(json["home_page_url"], .string("https://site.example/"))
        XCTAssertEqual(json["feed_url"], .string("https://site.example/feed.json"))
        XCTAssertEqual(json["language"], .string("pt-BR"))
        XCTAssertEqual(json["authors"], .array([.object(["name": .string("api.example")])]))
        XCTAssertEqual(json["items"], .array([]))
        XCTAssertEqual(keys(of: json), ["authors", "feed_url", "home_page_url", "items", "language", "title", "version"])
    }

    func test_render_writesEveryItemFieldAsJSONFeed11() throws {
        let image = SyndicationFixtures.image(url: "https://site.example/images/abc.jpg", mediaType: "image/jpeg", byteCount: 987)
        let item = SyndicationFixtures.item(
            id: id, title: "Lisbon", pageURL: "https://site.example/comments/x.html", image: image, text: "A view\nof the river",
            date: SyndicationFixtures.firstSeen
        )

        let items = try parse(JSONFeedDocument.render(SyndicationFixtures.feed(items: [item])))["items"]?.array

        let written = try XCTUnwrap(items?.first)
        XCTAssertEqual(items?.count, 1)
        XCTAssertEqual(written["id"], .string("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"))
        XCTAssertEqual(written["url"], .string("https://site.example/comments/x.html"))
        XCTAssertEqual(written["title"], .string("Lisbon"))
        XCTAssertEqual(written["content_text"], .string("A view\nof the river"))
        XCTAssertEqual(written["image"], .string("https://site.example/images/abc.jpg"))
        XCTAssertEqual(
            written["attachments"],
            .array([.object(["url": .string("https://site.example/images/abc.jpg"), "mime_type": .string("image/jpeg"), "size_in_bytes": .number(987)])]))
        XCTAssertEqual(written["date_published"], .string("2026-11-01T12:00:00Z"))
        XCTAssertEqual(keys(of: written), ["attachments", "content_text", "date_published", "id", "image", "title", "url"])
    }

    func test_render_writesTheIDAsAnUpperCaseStringWhateverCaseItWasMadeFrom() throws {
        let lowerCaseID = try XCTUnwrap(UUID(uuidString: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6"))

        let items = try parse(JSONFeedDocument.render(SyndicationFixtures.feed(items: [SyndicationFixtures.item(id: lowerCaseID)])))["items"]?.array

        XCTAssertEqual(items?.first?["id"], .string("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"))
    }

    func test_render_leavesOutImageAndAttachmentsForAnItemWithoutImage() throws {
        let item = SyndicationFixtures.item(image: nil)

        let written = try XCTUnwrap(try parse(JSONFeedDocument.render(SyndicationFixtures.feed(items: [item])))["items"]?.array?.first)

        XCTAssertNil(written["image"])
        XCTAssertEqual(keys(of: written), ["content_text", "date_published", "id", "title", "url"])
    }

    func test_render_writesAnEmptyTextAsAnEmptyContentText() throws {
        let item = SyndicationFixtures.item(text: "")

        let written = try XCTUnwrap(try parse(JSONFeedDocument.render(SyndicationFixtures.feed(items: [item])))["items"]?.array?.first)

        XCTAssertEqual(written["content_text"], .string(""))
    }

    func test_render_keepsTheItemsInTheOrderGiven() throws {
        let ids = (0..<5).map { _ in UUID() }
        let feed = SyndicationFixtures.feed(items: ids.map { SyndicationFixtures.item(id: $0) })

        let items = try XCTUnwrap(try parse(JSONFeedDocument.render(feed))["items"]?.array)

        XCTAssertEqual(items.compactMap { $0["id"]?.string }, ids.map(\.uuidString))
    }

    func test_render_writesDatesAsRFC3339InUTCWithWholeSeconds() throws {
        let date = Date(timeIntervalSince1970: 1_716_204_299.75)  // 2024-05-20T11:24:59.75Z

        let items = try parse(JSONFeedDocument.render(SyndicationFixtures.feed(items: [SyndicationFixtures.item(date: date)])))["items"]?.array

        XCTAssertEqual(items?.first?["date_published"], .string("2024-05-20T11:24:59Z"))
    }

    // MARK: - Hostile text

    func test_render_roundTripsHostileTextExactly() throws {
        let hostile = SyndicationFixtures.hostileText + " \\\" \r\n \u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F} \u{FFFE}"
        let item = SyndicationFixtures.item(id: id, title: hostile, pageURL: "https://site.example/c?a=1&b=\"2\"", text: hostile)
        let feed = SyndicationFixtures.feed(title: hostile, language: "en\"", author: hostile, items: [item])

        let json = try parse(JSONFeedDocument.render(feed))
        let written = try XCTUnwrap(json["items"]?.array?.first)

        XCTAssertEqual(json["title"]?.string, hostile)
        XCTAssertEqual(json["language"]?.string, "en\"")
        XCTAssertEqual(json["authors"]?.array?.first?["name"]?.string, hostile)
        XCTAssertEqual(written["title"]?.string, hostile)
        XCTAssertEqual(written["content_text"]?.string, hostile)
        XCTAssertEqual(written["url"]?.string, "https://site.example/c?a=1&b=\"2\"")
        XCTAssertEqual(written["title"]?.string.map { Array($0.unicodeScalars) }, Array(hostile.unicodeScalars))
    }

    func test_render_writesNoRawControlCharacterOrLineBreakInsideAString() {
        let item = SyndicationFixtures.item(title: "a\nb", text: "c\u{1}d\re\tf")

        let lines = JSONFeedDocument.render(SyndicationFixtures.feed(items: [item])).split(separator: "\n")

        XCTAssertTrue(lines.contains { $0.contains(#""title": "a\nb""#) && $0.contains(#""content_text": "c\u0001d\re\tf""#) })
        XCTAssertFalse(lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    // MARK: - The text

    func test_render_isTheExpectedTextOneItemToALine() {
        let otherID = UUID(uuidString: "00000000-0000-0000-0000-0000000000AB")!
        let feed = SyndicationFixtures.feed(
            updated: SyndicationFixtures.firstSeen,
            items: [
                SyndicationFixtures.item(id: id, title: "One", pageURL: "https://site.example/1.html", text: "First"),
                SyndicationFixtures.item(id: otherID, title: "Two", pageURL: "https://site.example/2.html", image: nil, text: ""),
            ]
        )

        XCTAssertEqual(
            JSONFeedDocument.render(feed),
            """
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": "My Feed",
              "home_page_url": "https://site.example/",
              "feed_url": "https://site.example/feed.json",
              "language": "en",
              "authors": [{"name": "api.example"}],
              "items": [
                {"id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "url": "https://site.example/1.html", "title": "One", "content_text": "First", \
            "image": "https://site.example/images/abc.png", \
            "attachments": [{"url": "https://site.example/images/abc.png", "mime_type": "image/png", "size_in_bytes": 12345}], \
            "date_published": "2026-11-01T12:00:00Z"},
                {"id": "00000000-0000-0000-0000-0000000000AB", "url": "https://site.example/2.html", "title": "Two", "content_text": "", \
            "date_published": "2026-11-01T12:00:00Z"}
              ]
            }

            """
        )
    }

    func test_render_ofAFeedWithoutItemsIsValidJSONEndingWithANewline() throws {
        let text = JSONFeedDocument.render(SyndicationFixtures.feed())

        XCTAssertEqual(try parse(text)["items"], .array([]))
        XCTAssertTrue(text.hasSuffix("}\n"))
    }

    func test_render_givesTheSameTextForTheSameFeed() {
        let feed = SyndicationFixtures.feed(items: (0..<3).map { _ in SyndicationFixtures.item(text: SyndicationFixtures.hostileText) })

        XCTAssertEqual(JSONFeedDocument.render(feed), JSONFeedDocument.render(feed))
    }

    // MARK: - Helpers

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let value = try JSONReader.read(Data(text.utf8))
        guard case .object = value else {
            XCTFail("expected a JSON object", file: file, line: line)
            return value
        }
        return value
    }

    private func keys(of value: JSONValue) -> [String] {
        guard case let .object(fields) = value else { return [] }
        return fields.keys.sorted()
    }
}
