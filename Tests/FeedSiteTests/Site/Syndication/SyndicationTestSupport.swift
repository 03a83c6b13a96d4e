import FeedCore
import Foundation
import SiteGenerator
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed XML document, as the syndication tests look at it: its namespace
/// and local name, attributes by qualified name, its own text and its child elements.
struct XMLTestElement: Equatable {
    var namespace: String?
    var name: String
    var attributes: [String: String] = [:]
    var text = ""
    var children: [XMLTestElement] = []

    /// The child elements called `name`, in document order.
    func children(_ name: String) -> [XMLTestElement] {
        children.filter { $0.name == name }
    }

    /// The only child called `name`; fails the test when there is none or more than one.
    func child(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLTestElement {
        let found = children(name)
        XCTAssertEqual(found.count, 1, "one <\(name)> in <\(self.name)>", file: file, line: line)
        return try XCTUnwrap(found.first, file: file, line: line)
    }

    /// The local names of the child elements, in document order.
    var childNames: [String] { children.map(\.name) }
}

/// Parses a whole document with Foundation's `XMLParser`, namespace processing on, into
/// `XMLTestElement`s; throws what the parser says when the text is not well-formed XML.
final class XMLTestTreeBuilder: NSObject, XMLParserDelegate {
    private var open: [XMLTestElement] = []
    private var root: XMLTestElement?

    static func parse(_ text: String) throws -> XMLTestElement {
        let builder = XMLTestTreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = builder
        guard parser.parse() else {
            throw parser.parserError ?? NSError(domain: "XMLTestTreeBuilder", code: 1)
        }
        return try XCTUnwrap(builder.root, "a document with a root element")
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(XMLTestElement(namespace: namespaceURI, name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open.popLast() else { return }
        if open.isEmpty {
            root = element
        } else {
            open[open.count - 1].children.append(element)
        }
    }
}

/// Feeds for the syndication tests: every field set to something the tests can tell apart.
enum SyndicationFixtures {
    /// 2026-11-01T12:00:00Z.
    static let firstSeen = Date(timeIntervalSince1970: 1_793_534_400)

    /// Text no document may break on: markup, quotes, an XML CDATA end, a script end, emoji,
    /// a combining accent and the line and paragraph separators JavaScript chokes on.
    static let hostileText =
        #"<b>"Tom" & 'Jerry'</b> ]]> </script> a\b 😀👩‍👩‍👧 e\#u{301} \#u{2028}\#u{2029} <!-- -->"#
        + "\nsecond line\tafter a tab"

    static func image(url: String = "https://site.example/images/abc.png", mediaType: String = "image/png", byteCount: Int = 12_345)
        -> SyndicationFeed.Image
    {
        SyndicationFeed.Image(url: url, mediaType: mediaType, byteCount: byteCount)
    }

    static func item(
        id: UUID = UUID(), title: String = "A title", pageURL: String? = nil, image: SyndicationFeed.Image? = image(), text: String = "Some text",
        date: Date = firstSeen
    ) -> SyndicationFeed.Item {
        SyndicationFeed.Item(
            id: id, title: title, pageURL: pageURL ?? "https://site.example/comments/\(id.uuidString).html", image: image, text: text, date: date
        )
    }

    static func feed(
        title: String = "My Feed", language: String = "en", author: String = "api.example", updated: Date = firstSeen.addingTimeInterval(3_600),
        items: [SyndicationFeed.Item] = []
    ) -> SyndicationFeed {
        SyndicationFeed(
            title: title, language: language, homePageURL: "https://site.example/", jsonFeedURL: "https://site.example/feed.json",
            atomFeedURL: "https://site.example/feed.atom", author: author, updated: updated, items: items
        )
    }
}
