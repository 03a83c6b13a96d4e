import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

final class AtomDocumentTests: XCTestCase {
    private let atom = "http://www.w3.org/2005/Atom"
    private let id = UUID(uuidString: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6")!

    // MARK: - The feed element

    func test_render_writesAFeedElementInTheAtomNamespaceWithItsLanguage() throws {
        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed(language: "pt-BR")))

        XCTAssertEqual(root.name, "feed")
        XCTAssertEqual(root.namespace, atom)
        XCTAssertEqual(root.attributes, ["xml:lang": "pt-BR"])
    }

    func test_render_writesTheFeedsOwnElementsInOrder() throws {
        let feed = SyndicationFixtures.feed(title: "My Feed", author: "api.example", updated: fixedNow())

        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(feed))

        XCTAssertEqual(root.childNames, ["id", "title", "updated", "link", "link", "author", "generator"])
        XCTAssertEqual(try root.child("id").text, "https://site.example/feed.atom")
        XCTAssertEqual(try root.child("title").text, "My Feed")
        XCTAssertEqual(try root.child("updated").text, "2024-05-20T11:24:59Z")
        XCTAssertEqual(
            root.children("link").map(\.attributes),
            [
                ["rel": "self", "type": "application/atom+xml", "href": "https://site.example/feed.atom"],
                ["rel": "alternate", "type": "text/html", "href": "https://site.example/"],
            ]
        )
        let author = try root.child("author")
        XCTAssertEqual(author.childNames, ["name"])
        XCTAssertEqual(try author.child("name").text, "api.example")
        XCTAssertEqual(try root.child("generator").text, "feedsite")
        XCTAssertEqual(try root.child("generator").attributes, [:])
        XCTAssertTrue(root.children.allSatisfy { $0.namespace == atom })
    }

    func test_render_writesDatesAsRFC3339InUTCWithWholeSeconds() throws {
        let feed = SyndicationFixtures.feed(
            updated: Date(timeIntervalSince1970: 1_716_204_299.75),
            items: [SyndicationFixtures.item(date: Date(timeIntervalSince1970: 1_793_534_400.5))]
        )

        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(feed))

        XCTAssertEqual(try root.child("updated").text, "2024-05-20T11:24:59Z")
        XCTAssertEqual(try root.child("entry").child("updated").text, "2026-11-01T12:00:00Z")
        XCTAssertEqual(try root.child("entry").child("published").text, "2026-11-01T12:00:00Z")
    }

    // MARK: - Entries

    func test_render_writesEveryItemFieldAsAnAtomEntry() throws {
        let image = SyndicationFixtures.image(url: "https://site.example/images/abc.webp", mediaType: "image/webp", byteCount: 4_321)
        let item = SyndicationFixtures.item(
            id: id, title: "Lisbon", pageURL: "https://site.example/comments/x.html", image: image, text: "A view\nof the river"
        )

        let entry = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed(items: [item]))).child("entry")

        XCTAssertEqual(entry.namespace, atom)
        XCTAssertEqual(entry.childNames, ["id", "title", "updated", "published", "link", "link", "content"])
        XCTAssertEqual(try entry.child("id").text, "urn:uuid:73a7f70c-75da-4c2e-b5a3-eed40dc53aa6")
        XCTAssertEqual(try entry.child("title").text, "Lisbon")
        XCTAssertEqual(try entry.child("updated").text, "2026-11-01T12:00:00Z")
        XCTAssertEqual(try entry.child("published").text, "2026-11-01T12:00:00Z")
        XCTAssertEqual(
            entry.children("link").map(\.attributes),
            [
                ["rel": "alternate", "type": "text/html", "href": "https://site.example/comments/x.html"],
                ["rel": "enclosure", "type": "image/webp", "length": "4321", "href": "https://site.example/images/abc.webp"],
            ]
        )
        XCTAssertEqual(try entry.child("content").attributes, ["type": "text"])
        XCTAssertEqual(try entry.child("content").text, "A view\nof the river")
        XCTAssertTrue(entry.children.allSatisfy { $0.namespace == atom && $0.children.isEmpty })
    }

    func test_render_leavesOutTheEnclosureForAnItemWithoutImage() throws {
        let item = SyndicationFixtures.item(pageURL: "https://site.example/comments/y.html", image: nil)

        let entry = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed(items: [item]))).child("entry")

        XCTAssertEqual(entry.childNames, ["id", "title", "updated", "published", "link", "content"])
        XCTAssertEqual(try entry.child("link").attributes, ["rel": "alternate", "type": "text/html", "href": "https://site.example/comments/y.html"])
    }

    func test_render_writesAnEmptyTextAsAnEmptyContent() throws {
        let entry = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed(items: [SyndicationFixtures.item(text: "")]))).child("entry")

        XCTAssertEqual(try entry.child("content").text, "")
        XCTAssertEqual(try entry.child("content").attributes, ["type": "text"])
    }

    func test_render_keepsTheItemsInTheOrderGiven() throws {
        let ids = (0..<5).map { _ in UUID() }
        let feed = SyndicationFixtures.feed(items: ids.map { SyndicationFixtures.item(id: $0) })

        let entries = try XMLTestTreeBuilder.parse(AtomDocument.render(feed)).children("entry")

        XCTAssertEqual(try entries.map { try $0.child("id").text }, ids.map { "urn:uuid:" + $0.uuidString.lowercased() })
    }

    // MARK: - Hostile text

    func test_render_keepsHostileTextAsTextDroppingOnlyWhatXMLCannotHold() throws {
        let hostile = SyndicationFixtures.hostileText + " \u{1}x\u{1F}\u{FFFF}"
        let expected = SyndicationFixtures.hostileText + " x"
        let item = SyndicationFixtures.item(title: hostile, text: hostile)

        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed(title: hostile, author: hostile, items: [item])))

        XCTAssertEqual(try root.child("title").text, expected)
        XCTAssertEqual(try root.child("author").child("name").text, expected)
        XCTAssertEqual(try root.child("entry").child("title").text, expected)
        XCTAssertEqual(try root.child("entry").child("content").text, expected)
        XCTAssertEqual(try Array(root.child("entry").child("content").text.unicodeScalars), Array(expected.unicodeScalars))
        XCTAssertEqual(try root.child("entry").childNames, ["id", "title", "updated", "published", "link", "link", "content"])
    }

    func test_render_escapesEveryAttributeValue() throws {
        let pageURL = #"https://site.example/c?a=1&b="2"&c='3'<>"#
        let image = SyndicationFixtures.image(url: pageURL + "&img", mediaType: #"image/"x""#)
        let feed = SyndicationFixtures.feed(language: #"en" onload="x"#, items: [SyndicationFixtures.item(pageURL: pageURL, image: image)])

        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(feed))

        XCTAssertEqual(root.attributes, ["xml:lang": #"en" onload="x"#])
        XCTAssertEqual(
            try root.child("entry").children("link").map(\.attributes),
            [
                ["rel": "alternate", "type": "text/html", "href": pageURL],
                ["rel": "enclosure", "type": #"image/"x""#, "length": "12345", "href": pageURL + "&img"],
            ]
        )
    }

    // MARK: - The text

    func test_render_ofAFeedWithoutItemsIsAValidDocument() throws {
        let root = try XMLTestTreeBuilder.parse(AtomDocument.render(SyndicationFixtures.feed()))

        XCTAssertEqual(root.name, "feed")
        XCTAssertTrue(root.children("entry").isEmpty)
        XCTAssertEqual(root.childNames, ["id", "title", "updated", "link", "link", "author", "generator"])
    }

    func test_render_isTheExpectedText() {
        let feed = SyndicationFixtures.feed(items: [SyndicationFixtures.item(id: id, title: "One", pageURL: "https://site.example/1.html", text: "a < b")])

        XCTAssertEqual(
            AtomDocument.render(feed),
            """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
              <id>https://site.example/feed.atom</id>
              <title>My Feed</title>
              <updated>2026-11-01T13:00:00Z</updated>
              <link rel="self" type="application/atom+xml" href="https://site.example/feed.atom"/>
              <link rel="alternate" type="text/html" href="https://site.example/"/>
              <author>
                <name>api.example</name>
              </author>
              <generator>feedsite</generator>
              <entry>
                <id>urn:uuid:73a7f70c-75da-4c2e-b5a3-eed40dc53aa6</id>
                <title>One</title>
                <updated>2026-11-01T12:00:00Z</updated>
                <published>2026-11-01T12:00:00Z</published>
                <link rel="alternate" type="text/html" href="https://site.example/1.html"/>
                <link rel="enclosure" type="image/png" length="12345" href="https://site.example/images/abc.png"/>
                <content type="text">a &lt; b</content>
              </entry>
            </feed>

            """
        )
    }

    func test_render_givesTheSameTextForTheSameFeed() {
        let feed = SyndicationFixtures.feed(items: (0..<3).map { _ in SyndicationFixtures.item(text: SyndicationFixtures.hostileText) })

        XCTAssertEqual(AtomDocument.render(feed), AtomDocument.render(feed))
    }
}
