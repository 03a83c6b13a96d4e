import FeedCore
import Foundation

/// Where every page and asset lives, as paths from the site root. Pages link to each other
/// with `relative(from:to:)`, so the site works from `file://`, from any sub-path of a web
/// server, and after the folder is moved.
///
///     index.html, page/2.html …          feed pages (page 1 is the entry point)
///     comments/<ID>.html                 one comments page per image
///     assets/style.css                   the stylesheet
///     assets/search.js                   the search field's script, shared by every locale
///     assets/viewer.js, assets/icon.png  a photo's page's script, the site's icon
///     search/index.js, search/<gen>/…    the locale's search index (see `SearchIndex`)
///     images/<sha256>.<ext>              images, shared by every locale
///     feed.json, feed.atom               with --base-url: the feed in JSON Feed and Atom
///     sitemap.xml                        with --base-url: every page of every locale
///     data/items.jsonl                   with --export-data: every item as a line of JSON
///     <locale>/…                         the pages and feeds of each further locale
///     history/                           with --history: the snapshots, their calendar and
///                                        what changed (see `HistoryFolder`)
public struct SitePaths: Sendable, Equatable {
    /// `""` for the site's first locale, `"el/"` for a further one.
    public let localePrefix: String

    public init(localePrefix: String = "") {
        self.localePrefix = localePrefix
    }

    public static let stylesheet = "assets/style.css"

    /// The script that adds the search field to the feed pages.
    public static let searchScript = "assets/search.js"

    /// The script of a photo's page: the arrow keys, Esc and swipes, and the next photo
    /// fetched ahead.
    public static let viewerScript = "assets/viewer.js"

    /// The site's icon, which every page names so no browser asks for a missing one.
    public static let icon = "assets/icon.png"

    /// The root of the locale's search index; the rest of it is in a folder beside it.
    public var searchIndex: String { localePrefix + "search/index.js" }

    /// The folder of the locale's search index.
    public var searchFolder: String { localePrefix + "search/" }

    public func feedPage(_ number: Int) -> String {
        localePrefix + (number == 1 ? "index.html" : "page/\(number).html")
    }

    /// A snapshot's feed page other than its first, named by its oldest item
    /// (`SnapshotPages`).
    public func feedPage(from oldestID: UUID) -> String {
        localePrefix + "page/\(oldestID.text).html"
    }

    public func commentsPage(for imageID: UUID) -> String {
        localePrefix + "comments/\(imageID.text).html"
    }

    /// The locale's JSON Feed (with `--base-url`).
    public var jsonFeed: String { localePrefix + "feed.json" }

    /// The locale's Atom feed (with `--base-url`).
    public var atomFeed: String { localePrefix + "feed.atom" }

    /// The sitemap of every locale (with `--base-url`); when the site has more pages than one
    /// sitemap may list, an index of `sitemap-1.xml`, `sitemap-2.xml` …
    public static let sitemap = "sitemap.xml"

    /// Every item, its image and its comments as data, one JSON object a line (with
    /// `--export-data`); shared by every locale.
    public static let dataExport = "data/items.jsonl"

    public static func sitemapPart(_ number: Int) -> String {
        "sitemap-\(number).xml"
    }

    /// The history's folder (`--history`): each snapshot is a whole site in a folder of it.
    public static let historyFolder = "history/"

    /// The history's script: the list of snapshots, and what fills each snapshot's bar.
    public static let historyScript = "history/history.js"

    /// The root of the history's search index, shared by every locale.
    public static let historySearchIndex = "history/search/index.js"

    /// The locale's calendar of snapshots.
    public var historyCalendar: String { Self.historyFolder + localePrefix + "index.html" }

    /// The locale's page of what changed from snapshot `from` to snapshot `to` (their names),
    /// a file of the history's own: which snapshot comes before another changes as the
    /// history is thinned, and the snapshots themselves never change.
    public func historyChanges(from: String, to: String) -> String {
        Self.historyFolder + localePrefix + "changes/\(from)_\(to).html"
    }

    /// The page at `page` (a path in a locale, as the live site has it) of the snapshot
    /// named `snapshot`, which holds the whole site as it was.
    public static func historySnapshotPage(_ snapshot: String, _ page: String) -> String {
        historyFolder + snapshot + "/" + page
    }

    /// This locale's page at `path` in `other`'s locale. A locale's prefix comes first in
    /// the site's paths but after `history/` in the history's own pages (its calendar, what
    /// changed), which are one set for every locale's snapshots.
    public func samePage(_ path: String, in other: SitePaths) -> String {
        let root = path.hasPrefix(Self.historyFolder) ? Self.historyFolder : ""
        let rest = path.dropFirst(root.count)
        guard rest.hasPrefix(localePrefix) else { return path }
        return root + other.localePrefix + rest.dropFirst(localePrefix.count)
    }

    /// The folder of the images, shared by every locale.
    public static let imagesFolder = "images/"

    public static func image(_ image: StoredImage) -> String {
        imagesFolder + image.fileName
    }

    /// The link from the page at `page` to `target`, both given from the site root: shared
    /// leading folders dropped, one `../` for each folder of the page left.
    ///
    /// Worked on the paths' bytes: as characters, every page's dozen links took 4 % of an
    /// unchanged offline run (BENCHMARKS.md, "What each trick buys", row "relative links
    /// made on bytes").
    public static func relative(from page: String, to target: String) -> String {
        let slash = UInt8(ascii: "/")
        var pageRest = page.utf8[...]
        var targetRest = target.utf8[...]
        while let pageSlash = pageRest.firstIndex(of: slash), let targetSlash = targetRest.firstIndex(of: slash),
            pageRest[..<pageSlash].elementsEqual(targetRest[..<targetSlash])
        {
            pageRest = pageRest[pageRest.index(after: pageSlash)...]
            targetRest = targetRest[targetRest.index(after: targetSlash)...]
        }
        let depth = pageRest.count(where: { $0 == slash })
        return String(repeating: "../", count: depth) + Substring(targetRest)
    }
}
