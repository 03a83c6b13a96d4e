/// Sitemaps (sitemaps.org protocol 0.9) that list the site's pages for search engines, each
/// page with its versions in the other locales (Google's `xhtml:link` hreflang form).
///
/// There is no `lastmod`: feedsite does not know when a page last changed in a way worth
/// telling, and a wrong date is worse than none. The caller splits the pages so that no
/// urlset holds more than `maxURLs` URLs or `maxBytes` bytes, and lists the parts in an
/// index; `urlSetStart`, `urlElement` and `urlSetEnd` let it write a urlset a page at a time.
public enum SitemapDocument {
    /// One version of a page: its language tag (`en`, `pt-BR`) and absolute URL.
    public struct Alternate: Equatable, Sendable {
        public let language: String
        public let url: String

        public init(language: String, url: String) {
            self.language = language
            self.url = url
        }
    }

    /// A page to list: its absolute URL and every version of it, its own included (Google
    /// asks for the full set on each page), or none when the site has one locale.
    public struct Page: Equatable, Sendable {
        public let url: String
        public let alternates: [Alternate]

        public init(url: String, alternates: [Alternate]) {
            self.url = url
            self.alternates = alternates
        }
    }

    /// Most URLs one urlset may hold (sitemaps.org: 50,000).
    public static let maxURLs = 50_000
    /// Most bytes one sitemap file may have, uncompressed (sitemaps.org: 50 MB).
    public static let maxBytes = 52_428_800

    /// What a `<urlset>` starts with, for writing one a page at a time.
    public static let urlSetStart =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"

    /// What a `<urlset>` ends with.
    public static let urlSetEnd = "</urlset>\n"

    /// One page's `<url>` element, on lines of its own.
    public static func urlElement(_ page: Page) -> String {
        var xml = "  <url>\n    <loc>"
        XMLText.append(page.url, to: &xml)
        xml += "</loc>\n"
        for alternate in page.alternates {
            xml += "    <xhtml:link rel=\"alternate\" hreflang=\""
            XMLText.append(alternate.language, to: &xml)
            xml += "\" href=\""
            XMLText.append(alternate.url, to: &xml)
            xml += "\"/>\n"
        }
        return xml + "  </url>\n"
    }

    /// A `<sitemapindex>` listing these sitemap URLs, in the order given.
    public static func index(_ sitemapURLs: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in sitemapURLs {
            xml += "  <sitemap><loc>"
            XMLText.append(url, to: &xml)
            xml += "</loc></sitemap>\n"
        }
        xml += "</sitemapindex>\n"
        return xml
    }
}
