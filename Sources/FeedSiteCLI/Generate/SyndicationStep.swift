import Foundation
import SiteGenerator

/// Phase 4, with `--base-url`: each locale's `feed.json` and `feed.atom`, and the sitemap of
/// every page of every locale. Without it, nothing.
enum SyndicationStep {
    /// The files written, from the site root.
    static func run(_ context: RunContext, entries: [SiteEntry], feedPageCount: Int) throws -> [String] {
        guard let baseURL = context.options.baseURL else { return [] }
        var written: [String] = []
        for renderer in context.site.renderers {
            guard let feed = try renderer.syndicationFeed(of: entries) else { continue }
            try context.staged.write(JSONFeedDocument.render(feed), to: renderer.paths.jsonFeed)
            try context.staged.write(AtomDocument.render(feed), to: renderer.paths.atomFeed)
            written += [renderer.paths.jsonFeed, renderer.paths.atomFeed]
        }
        var seen = Set<UUID>()
        let pages = SiteRenderer.sitemapPages(
            languages: context.site.renderers.map { ($0.locale, $0.paths) }, baseURL: baseURL, feedPageCount: feedPageCount,
            imageIDs: entries.map(\.id).filter { seen.insert($0).inserted })
        let sitemaps = Sitemaps.split(pages)
        if sitemaps.count == 1 {
            try context.staged.write(sitemaps[0], to: SitePaths.sitemap)
            return written + [SitePaths.sitemap]
        }
        for (offset, sitemap) in sitemaps.enumerated() {
            try context.staged.write(sitemap, to: SitePaths.sitemapPart(offset + 1))
        }
        let parts = sitemaps.indices.map { SitePaths.sitemapPart($0 + 1) }
        try context.staged.write(SitemapDocument.index(parts.map(baseURL.address(of:))), to: SitePaths.sitemap)
        return written + parts + [SitePaths.sitemap]
    }
}

/// Pages into sitemaps that each stay within sitemaps.org's limits (50,000 URLs, 50 MB).
enum Sitemaps {
    /// Each sitemap's text, in page order; one sitemap when the pages fit in one.
    static func split(
        _ pages: some Sequence<SitemapDocument.Page>, maxURLs: Int = SitemapDocument.maxURLs, maxBytes: Int = SitemapDocument.maxBytes
    ) -> [String] {
        var sitemaps: [String] = []
        var batch: [SitemapDocument.Page] = []
        for page in pages {
            batch.append(page)
            if batch.count == maxURLs {
                sitemaps += fitting(batch, maxBytes: maxBytes)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty || sitemaps.isEmpty { sitemaps += fitting(batch, maxBytes: maxBytes) }
        return sitemaps
    }

    /// `pages` as one sitemap, or halved until each half is no larger than `maxBytes`.
    private static func fitting(_ pages: ArraySlice<SitemapDocument.Page>, maxBytes: Int) -> [String] {
        let text = SitemapDocument.urlSet(pages)
        guard text.utf8.count > maxBytes, pages.count > 1 else { return [text] }
        let middle = pages.startIndex + pages.count / 2
        return fitting(pages[..<middle], maxBytes: maxBytes) + fitting(pages[middle...], maxBytes: maxBytes)
    }

    private static func fitting(_ pages: [SitemapDocument.Page], maxBytes: Int) -> [String] {
        fitting(pages[...], maxBytes: maxBytes)
    }
}
