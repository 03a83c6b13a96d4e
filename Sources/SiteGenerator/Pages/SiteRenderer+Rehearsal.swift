import FeedCore
import Foundation

extension SiteRenderer {
    /// Renders sample pages through every branch the site's data can take (an item with
    /// everything, renditions and placeholder included, and one with nothing and no image, an image without
    /// renditions or a known size, pages before and after, a page known by its path, the cached-feed notice, comments,
    /// none, and none to be had), and throws what rendering the real pages would. A template that names a value the pages
    /// do not have thus fails when the run starts, before anything is fetched, with its file,
    /// line and name.
    public func rehearse() throws {
        let url = URL(string: "https://example.org/image.png")!
        let full = SiteEntry(
            image: FeedImage(id: Self.sampleID(1), description: "description", location: "location", url: url),
            stored: StoredImage(sha256: Self.sampleHash, byteCount: 1, format: .png, dimensions: ImageDimensions(width: 2, height: 2)),
            firstSeen: now,
            renditions: [StoredImage(sha256: Self.sampleHash, byteCount: 1, format: .png, dimensions: ImageDimensions(width: 1, height: 1))],
            placeholder: ImagePlaceholder(samples: [0, 0, 0]))
        let unsized = SiteEntry(
            image: FeedImage(id: Self.sampleID(2), description: nil, location: "location", url: url),
            stored: StoredImage(sha256: Self.sampleHash, byteCount: 1, format: .webp), firstSeen: now)
        let bare = SiteEntry(image: FeedImage(id: Self.sampleID(3), description: nil, location: nil, url: url), stored: nil, firstSeen: now)
        _ = try feedPage(2, of: 3, entries: [full, unsized, bare], feedSavedAt: now)
        _ = try feedPage(1, of: 1, entries: [], feedSavedAt: nil)
        _ = try feedPage(at: "page/\(Self.sampleID(1).text).html", entries: [full], previous: "index.html", next: nil, feedSavedAt: nil)
        let comment = ImageComment(id: Self.sampleID(4), message: "message", createdAt: now, username: "username")
        _ = try commentsPage(for: full, comments: [comment], feedPage: 1)
        _ = try commentsPage(for: unsized, comments: [], feedPage: 1)
        _ = try commentsPage(for: bare, comments: nil, feedPage: 1)
    }

    private static let sampleHash = String(repeating: "0", count: 64)

    private static func sampleID(_ number: Int) -> UUID {
        UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")!
    }
}
