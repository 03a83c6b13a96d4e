import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed XML document, as the syndication tests look at it: its namespace
/// and local name, attributes by qualified name, its own text and its child elements.
public struct XMLTestElement: Equatable {
    public var namespace: String?
    public var name: String
    public var attributes: [String: String] = [:]
    public var text = ""
    public var children: [XMLTestElement] = []

    /// The child elements called `name`, in document order.
    public func children(_ name: String) -> [XMLTestElement] {
        children.filter { $0.name == name }
    }

    /// The only child called `name`; fails the test when there is none or more than one.
    public func child(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLTestElement {
        let found = children(name)
        XCTAssertEqual(found.count, 1, "one <\(name)> in <\(self.name)>", file: file, line: line)
        return try XCTUnwrap(found.first, file: file, line: line)
    }

    /// The local names of the child elements, in document order.
    public var childNames: [String] { children.map(\.name) }
}

/// Parses a whole document with Foundation's `XMLParser`, namespace processing on, into
/// `XMLTestElement`s; throws what the parser says when the text is not well-formed XML.
public final class XMLTestTreeBuilder: NSObject, XMLParserDelegate {
    private var open: [XMLTestElement] = []
    private var root: XMLTestElement?

    public static func parse(_ text: String) throws -> XMLTestElement {
        let builder = XMLTestTreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = builder
        guard parser.parse() else {
            throw parser.parserError ?? NSError(domain: "XMLTestTreeBuilder", code: 1)
        }
        return try XCTUnwrap(builder.root, "a document with a root element")
    }

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(XMLTestElement(namespace: namespaceURI, name: elementName, attributes: attributes))
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += string
    }

    public func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open.popLast() else { return }
        if open.isEmpty {
            root = element
        } else {
            open[open.count - 1].children.append(element)
        }
    }
}
