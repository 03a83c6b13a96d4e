import Basics
import FeedCore
import Foundation

/// A locale's feed as Atom 1.0 (RFC 4287), the `feed.atom` beside its pages.
///
/// Every text and attribute value goes through `XMLText`, so no title or text can break the
/// document; the elements come in a fixed order, two spaces to a level, so the same feed
/// always gives the same bytes.
public enum AtomDocument {
    public static func render(_ feed: SyndicationFeed) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml.reserveCapacity(1024 + feed.items.count * 700)
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(XMLText.escaped(feed.language))\">\n"
        appendElement("id", feed.atomFeedURL, indent: 1, to: &xml)
        appendElement("title", feed.title, indent: 1, to: &xml)
        appendElement("updated", ISO8601Date.format(feed.updated), indent: 1, to: &xml)
        appendLink(["rel": "self", "type": "application/atom+xml", "href": feed.atomFeedURL], indent: 1, to: &xml)
        appendLink(["rel": "alternate", "type": "text/html", "href": feed.homePageURL], indent: 1, to: &xml)
        xml += "  <author>\n"
        appendElement("name", feed.author, indent: 2, to: &xml)
        xml += "  </author>\n"
        appendElement("generator", "feedsite", indent: 1, to: &xml)
        for item in feed.items {
            appendEntry(item, to: &xml)
        }
        xml += "</feed>\n"
        return xml
    }

    /// One `entry`. Its id is the item's UUID as a URN, lower-case as RFC 4122 writes them;
    /// `updated` and `published` are both the date feedsite first saw the item, since an
    /// item's image and text never change under the same id.
    private static func appendEntry(_ item: SyndicationFeed.Item, to xml: inout String) {
        let date = ISO8601Date.format(item.date)
        xml += "  <entry>\n"
        appendElement("id", "urn:uuid:" + item.id.text.lowercased(), indent: 2, to: &xml)
        appendElement("title", item.title, indent: 2, to: &xml)
        appendElement("updated", date, indent: 2, to: &xml)
        appendElement("published", date, indent: 2, to: &xml)
        appendLink(["rel": "alternate", "type": "text/html", "href": item.pageURL], indent: 2, to: &xml)
        if let image = item.image {
            appendLink(["rel": "enclosure", "type": image.mediaType, "length": String(image.byteCount), "href": image.url], indent: 2, to: &xml)
        }
        xml += "    <content type=\"text\">"
        XMLText.append(item.text, to: &xml)
        xml += "</content>\n"
        xml += "  </entry>\n"
    }

    /// `<name>text</name>` on a line of its own, `indent` levels in.
    private static func appendElement(_ name: String, _ text: String, indent: Int, to xml: inout String) {
        xml += String(repeating: "  ", count: indent) + "<\(name)>"
        XMLText.append(text, to: &xml)
        xml += "</\(name)>\n"
    }

    /// An empty `link` element with these attributes, in the order given.
    private static func appendLink(_ attributes: KeyValuePairs<String, String>, indent: Int, to xml: inout String) {
        xml += String(repeating: "  ", count: indent) + "<link"
        for (name, value) in attributes {
            xml += " \(name)=\""
            XMLText.append(value, to: &xml)
            xml += "\""
        }
        xml += "/>\n"
    }
}
