import FeedCore
import Foundation

extension SiteRenderer {
    /// How many items the JSON and Atom feeds hold: the newest. A reader polls a feed over
    /// and over and keeps what it has seen, so a feed holds what is new, not the whole
    /// archive: its size stays the same however large the archive grows, where the whole of
    /// a 100,000-item feed would be tens of megabytes, fetched on every poll.
    public static let feedItemLimit = 100

    /// What this locale's `feed.json` and `feed.atom` say, or `nil` without `--base-url`:
    /// the newest `feedItemLimit` items of `entries` (newest first by the date feedsite first
    /// saw them; items of the same date in feed order; an item listed twice once), each with
    /// its comments page, its published image and the text its card shows, as the pages show
    /// it (`DocumentText`), so that both documents say the same.
    public func syndicationFeed(of entries: [SiteEntry]) throws -> SyndicationFeed? {
        guard let baseURL else { return nil }
        var seen = Set<UUID>()
        let newest = entries.indices
            .filter { seen.insert(entries[$0].id).inserted }
            .sorted { entries[$0].firstSeen != entries[$1].firstSeen ? entries[$0].firstSeen > entries[$1].firstSeen : $0 < $1 }
            .prefix(Self.feedItemLimit)
        let items = try newest.map { index in
            let entry = entries[index]
            let text = [entry.location, entry.description].compactMap { $0.map(DocumentText.cleaned) }.filter { !$0.allSatisfy(\.isWhitespace) }
            return SyndicationFeed.Item(
                id: entry.id,
                // The location, else "Untitled image": a description is the item's text.
                title: try imageName([entry.location]),
                pageURL: baseURL.address(of: paths.commentsPage(for: entry.id)),
                image: entry.stored.map {
                    SyndicationFeed.Image(url: baseURL.address(of: SitePaths.image($0)), mediaType: $0.format.mediaType, byteCount: $0.byteCount)
                },
                text: text.joined(separator: "\n\n"),
                date: entry.firstSeen
            )
        }
        return SyndicationFeed(
            title: try siteName(),
            language: locale,
            homePageURL: baseURL.address(of: paths.feedPage(1)),
            jsonFeedURL: baseURL.address(of: paths.jsonFeed),
            atomFeedURL: baseURL.address(of: paths.atomFeed),
            author: apiHost,
            updated: items.map(\.date).max() ?? now,
            items: items
        )
    }

    /// Every page of the site in every language, as the sitemap lists them: each language's
    /// feed pages, then its comments pages (one per distinct image ID, in feed order). With
    /// several languages each page names its versions in all of them (`hreflang`).
    /// `languages` are the site's, first at the root; produced as the sitemap is written, so
    /// a 100,000-item site never holds all its addresses at once.
    public static func sitemapPages(
        languages: [(locale: String, paths: SitePaths)], baseURL: BaseURL, feedPageCount: Int, imageIDs: [UUID]
    ) -> some Sequence<SitemapDocument.Page> {
        let root = SitePaths()
        let feedPages = max(1, feedPageCount)
        let pagePaths = (0..<feedPages + imageIDs.count).lazy.map { index in
            index < feedPages ? root.feedPage(index + 1) : root.commentsPage(for: imageIDs[index - feedPages])
        }
        return languages.lazy.flatMap { language in
            pagePaths.lazy.map { path in
                let alternates =
                    languages.count > 1
                    ? languages.map { SitemapDocument.Alternate(language: $0.locale, url: baseURL.address(of: $0.paths.localePrefix + path)) } : []
                return SitemapDocument.Page(url: baseURL.address(of: language.paths.localePrefix + path), alternates: alternates)
            }
        }
    }
}
