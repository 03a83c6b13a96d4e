import FeedCore
import Foundation
import SampleAPI

/// Every URL a feedsite run fetches from a synthetic feed, known up front because the bench
/// knows every item id: the feed pages (`ROOT/feed?limit=10`, then `&after_id=` the id of
/// item 10, 20, … up to the empty page after the last item), the comments lists and the
/// images, each with the file a mirror would save it as.
struct FeedURLs {
    struct Download {
        let url: URL
        let file: String
    }

    /// The API root, `…/v1`.
    let api: URL
    let feed: SyntheticFeed

    /// Items per feed page: what feedsite asks for, and what the static export serves.
    static let pageLimit = FeedEndpoint.defaultLimit

    /// The `after_id` of every page feedsite requests, in order: none for the first page,
    /// then the last item of each full page; the last one answers an empty page.
    static func afterIDs(items: Int) -> [UUID?] {
        let ends = stride(from: pageLimit, to: items, by: pageLimit).map { $0 } + (items > 0 ? [items] : [])
        return [nil] + ends.map { SyntheticFeed.id(ofItemAt: $0 - 1) }
    }

    var pages: [Download] {
        Self.afterIDs(items: feed.itemCount).enumerated().map { number, after in
            Download(url: FeedEndpoint.get(after: after, limit: Self.pageLimit).url(baseURL: api), file: "page-\(number + 1).json")
        }
    }

    var comments: [Download] {
        (0..<feed.itemCount).map { index in
            Download(url: ImageCommentsEndpoint.get(imageID: SyntheticFeed.id(ofItemAt: index)).url(baseURL: api), file: "comments-\(index + 1).json")
        }
    }

    /// The image URLs the feed names: on the API's own origin, as both the sample API and
    /// the static export write them.
    var images: [Download] {
        let origin = api.deletingLastPathComponent().absoluteString.dropLast()
        return (0..<feed.itemCount).map { index in
            Download(url: URL(string: origin + feed.item(at: index).imagePath)!, file: "image-\(index + 1).png")
        }
    }
}
