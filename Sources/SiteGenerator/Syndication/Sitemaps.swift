/// Pages into sitemaps that each stay within sitemaps.org's limits (50,000 URLs, 50 MB), and
/// within `maxBytes`.
public enum Sitemaps {
    /// Writes the sitemap of `pages` through `write` (text, path from the site root):
    /// `sitemap.xml` when one is enough, else `sitemap-1.xml` … and `sitemap.xml` as their
    /// index. The first waits until it is known whether it is the only one; every other is
    /// written as soon as it is made. Returns the paths written.
    public static func publish(
        _ pages: some Sequence<SitemapDocument.Page>, baseURL: BaseURL, maxURLs: Int = SitemapDocument.maxURLs, maxBytes: Int = maxBytes,
        write: (String, String) throws -> Void
    ) throws -> [String] {
        var first: String?
        let count = try make(pages, maxURLs: maxURLs, maxBytes: maxBytes) { text, number in
            if number == 1 {
                first = text
                return
            }
            if let held = first {
                try write(held, SitePaths.sitemapPart(1))
                first = nil
            }
            try write(text, SitePaths.sitemapPart(number))
        }
        if count == 1, let only = first {
            try write(only, SitePaths.sitemap)
            return [SitePaths.sitemap]
        }
        let parts = (1...count).map(SitePaths.sitemapPart)
        try write(SitemapDocument.index(parts.map(baseURL.address(of:))), SitePaths.sitemap)
        return parts + [SitePaths.sitemap]
    }

    /// Most bytes feedsite puts in one sitemap, well under the 50 MB sitemaps.org allows:
    /// a sitemap is held whole while it is written (and, on a rerun, beside the previous
    /// one it is compared with), so smaller files keep a large site's peak memory down
    /// (BENCHMARKS.md, "First-seen dates and feeds").
    public static let maxBytes = 10 * 1024 * 1024

    /// Hands each sitemap's text to `write` as soon as it is full (`maxURLs` pages or
    /// `maxBytes` bytes), with its number from 1, in page order; at least one, empty when
    /// there are no pages. Returns how many there were. Pages are turned into text as they
    /// come, so only one sitemap's text is held at a time. Once the task is cancelled, the
    /// next page throws `CancellationError`.
    public static func make(
        _ pages: some Sequence<SitemapDocument.Page>, maxURLs: Int = SitemapDocument.maxURLs, maxBytes: Int = maxBytes,
        write: (String, Int) throws -> Void
    ) throws -> Int {
        var text = SitemapDocument.urlSetStart
        var urls = 0
        var count = 0
        func finish() throws {
            count += 1
            try write(text + SitemapDocument.urlSetEnd, count)
            text = SitemapDocument.urlSetStart
            urls = 0
        }
        for page in pages {
            try Task.checkCancellation()
            let element = SitemapDocument.urlElement(page)
            if urls > 0, urls == maxURLs || text.utf8.count + element.utf8.count + SitemapDocument.urlSetEnd.utf8.count > maxBytes {
                try finish()
            }
            text += element
            urls += 1
        }
        if urls > 0 || count == 0 { try finish() }
        return count
    }
}
