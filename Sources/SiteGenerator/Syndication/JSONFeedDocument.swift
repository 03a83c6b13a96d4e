import Basics
import FeedCore
import Foundation

/// A locale's feed as JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), the `feed.json`
/// beside its pages.
///
/// The text is written by hand, members in a fixed order and one item to a line, so the same
/// feed always gives the same bytes (an unchanged site republishes unchanged files) and a
/// diff of two runs shows which items changed.
public enum JSONFeedDocument {
    public static func render(_ feed: SyndicationFeed) -> String {
        var json = "{\n"
        json.reserveCapacity(512 + feed.items.count * 400)
        json += "  \"version\": \"https://jsonfeed.org/version/1.1\",\n"
        json += "  \"title\": \(JSONText.quoted(feed.title)),\n"
        json += "  \"home_page_url\": \(JSONText.quoted(feed.homePageURL)),\n"
        json += "  \"feed_url\": \(JSONText.quoted(feed.jsonFeedURL)),\n"
        json += "  \"language\": \(JSONText.quoted(feed.language)),\n"
        json += "  \"authors\": [{\"name\": \(JSONText.quoted(feed.author))}],\n"
        if feed.items.isEmpty {
            json += "  \"items\": []\n"
        } else {
            json += "  \"items\": [\n"
            for (index, item) in feed.items.enumerated() {
                json += "    "
                appendItem(item, to: &json)
                json += index == feed.items.count - 1 ? "\n" : ",\n"
            }
            json += "  ]\n"
        }
        json += "}\n"
        return json
    }

    /// One item as a single-line object. The image is both the item's `image` and its one
    /// attachment, which carries its type and size as Atom's enclosure does (readers that list
    /// an item's media look there); both are left out when there is no image.
    private static func appendItem(_ item: SyndicationFeed.Item, to json: inout String) {
        json += "{\"id\": \(JSONText.quoted(item.id.text))"
        json += ", \"url\": \(JSONText.quoted(item.pageURL))"
        json += ", \"title\": \(JSONText.quoted(item.title))"
        json += ", \"content_text\": \(JSONText.quoted(item.text))"
        if let image = item.image {
            json += ", \"image\": \(JSONText.quoted(image.url))"
            json += ", \"attachments\": [{\"url\": \(JSONText.quoted(image.url)), \"mime_type\": \(JSONText.quoted(image.mediaType))"
            json += ", \"size_in_bytes\": \(image.byteCount)}]"
        }
        json += ", \"date_published\": \(JSONText.quoted(ISO8601Date.format(item.date)))}"
    }
}
