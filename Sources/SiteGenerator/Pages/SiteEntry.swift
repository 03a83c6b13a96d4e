import FeedCore
import Foundation

/// A feed item as the site knows it: the image's data from the feed, when feedsite first
/// saw it and, when it could be had, its bytes in the image store, its renditions and its
/// placeholder.
public struct SiteEntry: Equatable, Sendable {
    public let image: FeedImage
    /// The original as the site publishes it: its size in pixels and bytes, and its file
    /// (as downloaded, or its copy without metadata: `publishing(_:)`).
    public let stored: StoredImage?
    /// The original as it was downloaded, when the site publishes another file of it: held
    /// apart, so an entry published as downloaded holds 8 bytes for it rather than 56
    /// (BENCHMARKS.md, "What each trick buys", row "a republished original's download held
    /// apart").
    private let downloaded: Downloaded?
    /// Smaller copies of `stored` for the pages, narrowest first; empty when none were made
    /// (a format feedsite does not decode, renditions turned off), and then the pages show
    /// the original as they always have.
    public let renditions: [StoredImage]
    /// What its frame shows before the picture arrives; `nil` when none was made (renditions
    /// turned off, a picture with transparency or one feedsite does not decode).
    public let placeholder: ImagePlaceholder?
    /// The item's date in the JSON and Atom feeds (`FeedItem.firstSeen`).
    public let firstSeen: Date

    public init(image: FeedImage, stored: StoredImage?, firstSeen: Date, renditions: [StoredImage] = [], placeholder: ImagePlaceholder? = nil) {
        self.init(image: image, stored: stored, downloaded: nil, firstSeen: firstSeen, renditions: renditions, placeholder: placeholder)
    }

    private init(
        image: FeedImage, stored: StoredImage?, downloaded: StoredImage?, firstSeen: Date, renditions: [StoredImage], placeholder: ImagePlaceholder?
    ) {
        self.image = image
        self.stored = stored
        self.downloaded = downloaded.map(Downloaded.original)
        self.firstSeen = firstSeen
        self.renditions = renditions
        self.placeholder = placeholder
    }

    /// The same item with `file` published in place of its original as downloaded, which
    /// `fetched` still names; everything else as it was.
    public func publishing(_ file: StoredImage) -> SiteEntry {
        SiteEntry(image: image, stored: file, downloaded: fetched, firstSeen: firstSeen, renditions: renditions, placeholder: placeholder)
    }

    /// The original as it was downloaded: which picture the item has, whatever file the site
    /// publishes of it.
    public var fetched: StoredImage? {
        guard case let .original(original) = downloaded else { return stored }
        return original
    }

    private indirect enum Downloaded: Equatable, Sendable {
        case original(StoredImage)
    }

    public var id: UUID { image.id }
    public var description: String? { image.description }
    public var location: String? { image.location }
    /// The image's URL as the feed gave it, for the "open the original" link.
    public var originalURL: String { image.address }

    /// The renditions a page can offer, narrowest first: those whose width is known (a
    /// `srcset` needs it), and none without an original beside them.
    public var sizedRenditions: [(image: StoredImage, size: ImageDimensions)] {
        guard stored != nil else { return [] }
        return renditions.compactMap { rendition in rendition.dimensions.map { (rendition, $0) } }.sorted { $0.size.width < $1.size.width }
    }
}
