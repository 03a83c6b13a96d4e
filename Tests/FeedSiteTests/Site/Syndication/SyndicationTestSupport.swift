import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

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
