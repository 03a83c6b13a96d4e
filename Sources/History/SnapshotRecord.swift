import FeedCore
import Foundation
import SiteGenerator

/// What a snapshot keeps of one item, a line of its `snapshot.jsonl`: the item's data as the
/// site showed it, enough to tell what changed against another snapshot and to find the
/// item by its words, and the fingerprint of its comments pages, so a later snapshot whose
/// page would show the same links it instead of writing it again.
public struct SnapshotRecord: Equatable, Sendable {
    public let id: UUID
    public let description: String?
    public let location: String?
    /// The image's URL as the feed gave it.
    public let imageURL: String
    /// The SHA-256 of the image as downloaded (whatever file the site publishes of it), `nil`
    /// when it could not be had.
    public let imageSHA256: String?
    /// The comments' IDs in server order; `nil` when they could not be had.
    public let commentIDs: [String]?
    /// The SHA-256 of the comments as shown (IDs, authors, messages, dates), so an edited
    /// message counts as a change.
    public let commentsDigest: String
    /// The SHA-256 of everything an item's comments page shows but the clock: its data, its
    /// image and renditions, the photos before and after it, and the run's locales and
    /// address. Equal fingerprints mean the same page.
    public let page: String

    public init(
        id: UUID, description: String?, location: String?, imageURL: String, imageSHA256: String?, commentIDs: [String]?, commentsDigest: String,
        page: String
    ) {
        self.id = id
        self.description = description
        self.location = location
        self.imageURL = imageURL
        self.imageSHA256 = imageSHA256
        self.commentIDs = commentIDs
        self.commentsDigest = commentsDigest
        self.page = page
    }

    /// The record of `entry` as a run shows it, with `comments` as loaded (`nil` when they
    /// could not be had), between `neighbours`; `context` is what every page of the run
    /// shares (its locales, its address), folded into each page's fingerprint. Where the
    /// item is in the feed is not: a snapshot's comments page links back to the snapshot's
    /// first feed page, and the history's script takes the reader to the item's own page
    /// from the snapshot's `places.js`, so an item that only moved in the feed keeps its page
    /// as long as the photos around it are the same.
    ///
    /// The fingerprints hash each field as it is, length first, rather than a text made of
    /// them: BENCHMARKS.md, "What each trick buys", row "page fingerprints from the fields".
    public init(_ entry: SiteEntry, comments: [ImageComment]?, neighbours: PhotoNeighbours, context: String) {
        let commentsDigest = Self.digest(of: comments)
        var page = FieldHash()
        Self.addShown(entry, to: &page)
        page.add(commentsDigest)
        // The links to the photos around it, and the next one's picture, which it fetches ahead.
        page.add(neighbours.previous?.id.text)
        page.add(neighbours.next?.id.text)
        if let next = neighbours.next { Self.addPictures(of: next, to: &page) }
        page.add(context)
        self.init(
            id: entry.id, description: entry.description, location: entry.location, imageURL: entry.originalURL, imageSHA256: entry.fetched?.sha256,
            commentIDs: comments?.map(\.id.text), commentsDigest: commentsDigest, page: page.hex)
    }

    /// What a page shows of an item but its comments: its ID (its links), its text, its
    /// image, renditions and placeholder. An item's card on a feed page shows that much.
    static func addShown(_ entry: SiteEntry, to hash: inout FieldHash) {
        hash.add(entry.id.text)
        hash.add(entry.description)
        hash.add(entry.location)
        hash.add(entry.originalURL)
        addPictures(of: entry, to: &hash)
    }

    /// An item's original and renditions, as a page names them.
    private static func addPictures(of entry: SiteEntry, to hash: inout FieldHash) {
        hash.add(entry.stored.map { "\($0.fileName) \($0.byteCount) \($0.dimensions?.width ?? -1)x\($0.dimensions?.height ?? -1)" })
        for rendition in entry.sizedRenditions { hash.add("\(rendition.image.fileName) \(rendition.size.width)x\(rendition.size.height)") }
        // Only when there is one: a page without placeholders keeps the fingerprint it had.
        if let placeholder = entry.placeholder { hash.add("placeholder \(placeholder.hex)") }
    }

    /// Whether the item's data differs from `other`'s: its text, its image, its comments.
    /// Where it sits in the feed is the feed's order, not the item's.
    public func differs(from other: SnapshotRecord) -> Bool {
        description != other.description || location != other.location || imageURL != other.imageURL || imageSHA256 != other.imageSHA256
            || commentsDigest != other.commentsDigest
    }

    /// The item's data as a reader sees it (its text, its image, its comments), in 16 hex
    /// digits: two records with the same are one version of the item, whatever page shows it.
    public var dataDigest: String {
        var hash = FieldHash()
        hash.add(description)
        hash.add(location)
        hash.add(imageURL)
        hash.add(imageSHA256)
        hash.add(commentsDigest)
        return String(hash.hex.prefix(16))
    }

    private static func digest(of comments: [ImageComment]?) -> String {
        guard let comments else { return "unavailable" }
        var hash = FieldHash()
        for comment in comments {
            hash.add(comment.id.text)
            hash.add(comment.username)
            hash.add(comment.message)
            hash.add(comment.createdAt)
        }
        return hash.hex
    }
}
