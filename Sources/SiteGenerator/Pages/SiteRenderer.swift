import Basics
import FeedCore
import Foundation

/// Turns page models into HTML with the site's templates, in one locale.
///
/// Every string from the API reaches the page as `TemplateValue.text` and is escaped by
/// the template engine; only the rendered body is passed to the layout as HTML.
public struct SiteRenderer: Sendable {
    /// One of the site's languages, for the switcher and the `hreflang` alternates.
    public struct Language: Sendable {
        public let locale: String
        public let name: String
        public let paths: SitePaths

        public init(locale: String, name: String, paths: SitePaths) {
            self.locale = locale
            self.name = name
            self.paths = paths
        }
    }

    let templates: SiteTemplates
    let strings: StringTables<SiteString>
    public let paths: SitePaths
    let languages: [Language]
    let dates: CommentDateFormatter
    let now: Date
    let apiHost: String
    /// The site's name (`--title`); `nil`: the locale's "My Feed".
    let title: String?
    /// Where the site will be served (`--base-url`): with it every page links the feeds and
    /// names its canonical address; without it the site stays wholly relative.
    var baseURL: BaseURL?
    /// With `--history`: whether pages link the history, or are a snapshot's, with its bar.
    public internal(set) var history: HistoryMode?
    /// The run's clock as the snapshot line shows it, formatted once.
    let snapshotTime: String
    /// What the locale writes between the units and the tenths of a size ("1,8 MB").
    private let decimalSeparator: String

    /// `languages` lists every language of the site, this one included; a site with one
    /// language has no switcher. `apiHost` and `now` make every page's line "Snapshot of
    /// <host>, <date and time in UTC>".
    public init(
        templates: SiteTemplates, strings: StringTables<SiteString>, paths: SitePaths, languages: [Language], now: Date, apiHost: String,
        baseURL: BaseURL? = nil, title: String? = nil
    ) {
        self.templates = templates
        self.title = title
        self.baseURL = baseURL
        self.strings = strings
        self.paths = paths
        self.languages = languages
        let dates = CommentDateFormatter(locale: strings.locale)
        self.dates = dates
        self.now = now
        self.apiHost = apiHost
        self.snapshotTime = dates.dayAndTime(now)
        self.decimalSeparator = Locale(identifier: strings.locale).decimalSeparator ?? "."
    }

    /// `date` relative to the run's clock, in this locale ("2 days ago").
    public func relative(_ date: Date) -> String {
        dates.relative(date, now: now)
    }

    /// The locale as its folder spells it, e.g. `pt-BR`.
    public var locale: String { strings.locale }

    /// The site's name: `--title`, else the locale's "My Feed". Every page's title ends with
    /// it, and the feed pages are headed by it.
    public func siteName() throws -> String {
        try title ?? strings.string(.feedViewTitle)
    }

    /// The localized `GENERIC_CONNECTION_ERROR`, for the terminal as well as the pages.
    public var connectionErrorMessage: String {
        (try? strings.string(.genericConnectionError)) ?? SiteString.genericConnectionError.name
    }

    /// A page of the site: where it goes, from the site root, and its HTML.
    public struct Page: Equatable, Sendable {
        public let path: String
        public let html: String

        public init(path: String, html: String) {
            self.path = path
            self.html = html
        }

        /// The page `draft` renders.
        public init(_ draft: PageDraft) throws {
            self.init(path: draft.path, html: try draft.render())
        }
    }

    /// Feed page `number` (from 1) of `pageCount`, holding `entries` in feed order;
    /// `feedSavedAt` is set when the feed came from the cache, and adds a notice.
    public func feedPage(_ number: Int, of pageCount: Int, entries: [SiteEntry], feedSavedAt: Date?) throws -> Page {
        let model = FeedPageModel(number: number, pageCount: pageCount, entries: entries, paths: paths)
        return Page(path: model.path, html: try render(model, feedSavedAt: feedSavedAt))
    }

    /// A feed page known by its path, not its number, holding `entries` in feed order, with
    /// links to the pages at `previous` and `next` (paths from the site's root): a
    /// snapshot's page, cut where its items say (`SnapshotPages`).
    public func feedPage(at path: String, entries: [SiteEntry], previous: String?, next: String?, feedSavedAt: Date?) throws -> Page {
        let model = FeedPageModel(path: path, entries: entries, previous: previous, next: next, paths: paths)
        return Page(path: model.path, html: try render(model, feedSavedAt: feedSavedAt))
    }

    /// The comments page of `entry`, the photo's own page; `comments` is `nil` when they
    /// could not be had, `feedPage` is the number of the feed page that holds the image, for
    /// the link back, and `neighbours` the photos before and after it, linked from it.
    public func commentsPage(for entry: SiteEntry, comments: [ImageComment]?, feedPage: Int, neighbours: PhotoNeighbours = .none) throws -> Page {
        try Page(commentsPageDraft(for: entry, comments: comments, feedPage: feedPage, neighbours: neighbours))
    }

    /// `commentsPage(for:comments:feedPage:neighbours:)`, not yet rendered.
    public func commentsPageDraft(for entry: SiteEntry, comments: [ImageComment]?, feedPage: Int, neighbours: PhotoNeighbours = .none) throws
        -> PageDraft
    {
        let model = CommentsPageModel(
            entry: entry, comments: comments, feedPage: feedPage, neighbours: neighbours, paths: paths, dates: dates,
            now: history == .archived ? nil : now)
        return try draft(model)
    }

    /// How many feed pages `items` items make at `pageSize` a page: at least one, which says
    /// the feed is empty.
    public static func feedPageCount(items: Int, pageSize: Int) -> Int {
        max(1, (items + pageSize - 1) / pageSize)
    }

    /// Feed page `number` (from 1) of the whole feed `entries`, `pageSize` items a page.
    public func feedPage(_ number: Int, of entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?) throws -> Page {
        try Page(feedPageDraft(number, of: entries, pageSize: pageSize, feedSavedAt: feedSavedAt))
    }

    /// `feedPage(_:of:pageSize:feedSavedAt:)`, not yet rendered.
    public func feedPageDraft(_ number: Int, of entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?) throws -> PageDraft {
        let first = min(entries.count, (number - 1) * pageSize)
        let model = FeedPageModel(
            number: number, pageCount: Self.feedPageCount(items: entries.count, pageSize: pageSize),
            entries: Array(entries[first..<min(entries.count, number * pageSize)]), paths: paths)
        return try draft(model, feedSavedAt: feedSavedAt)
    }

    /// The feed page; `feedSavedAt` is set when the feed came from the cache, and adds a notice.
    public func render(_ page: FeedPageModel, feedSavedAt: Date? = nil) throws -> String {
        try draft(page, feedSavedAt: feedSavedAt).render()
    }

    /// The feed page, its values gathered but not yet rendered.
    public func draft(_ page: FeedPageModel, feedSavedAt: Date? = nil) throws -> PageDraft {
        let title = try siteName()
        let position = try page.position.map { try strings.string(.feedPagePosition, String($0.number), String($0.count)) }
        let items: [TemplateValue] = try page.items.enumerated().map { index, item in
            .object([
                "anchor": .text(CommentsPageModel.anchor(for: item.id)),
                "location": Self.shown(item.location),
                "description": Self.shown(item.description),
                // The page's first picture is in view as it opens: fetched at once, the rest
                // as they come near.
                "image": image(
                    item.imageSource, size: item.imageSize, sourceSet: item.imageSourceSet, placeholder: item.imagePlaceholder,
                    alt: try alternative(description: item.description, location: item.location), first: index == 0),
                "originalURL": .text(item.originalURL),
                "commentsLink": .text(item.commentsLink),
            ])
        }
        var notice = TemplateValue.bool(false)
        if let feedSavedAt {
            // A snapshot's page may serve snapshots of different times: its date is whole.
            let saved = history == .archived ? dates.absolute(feedSavedAt) : dates.relative(feedSavedAt, now: now)
            notice = .text(try strings.string(.feedCachedNotice, saved))
        }
        let body: TemplateValue = [
            "notice": notice,
            "hasItems": .bool(!items.isEmpty),
            "items": .list(items),
            "commentsLabel": .text(try strings.string(.feedImageComments)),
            "unavailableLabel": .text(try strings.string(.feedImageUnavailable)),
            "openOriginalLabel": .text(try strings.string(.feedImageOpenOriginal)),
            "emptyLabel": .text(try strings.string(.feedEmpty)),
            "pagination": page.previousLink != nil || page.nextLink != nil
                ? .object([
                    "label": .text(position ?? title),
                    "position": .text(position ?? ""),
                    "previous": try link(page.previousLink, label: .feedPagePrevious),
                    "next": try link(page.nextLink, label: .feedPageNext),
                ]) : false,
        ]
        // Every page but the first names its place; a page known by its path names none (in a
        // snapshot, the history's script adds the snapshot's date).
        let documentTitle = if let position, page.position?.number ?? 1 > 1 { position } else { String?.none }
        let layout = try layoutValues(
            path: page.path, title: title, documentTitle: documentTitle, back: nil, search: try feedSearch(from: page.path), kind: .feed)
        return PageDraft(path: page.path, body: templates.feed, bodyValues: body, layout: templates.layout, layoutValues: layout)
    }

    /// An `<img>`'s source, its size when known, its renditions' `srcset` when it has any,
    /// what its place shows before it arrives (a `style`) when it has that, whether it is its
    /// page's `first` (fetched at once), and its text alternative. `false` without a source.
    func image(
        _ source: String?, size: ImageDimensions?, sourceSet: ImageSourceSet?, placeholder: ImagePlaceholder?, alt: String, first: Bool = false
    ) -> TemplateValue {
        guard let source else { return false }
        return .object(imageFields(source, size: size, sourceSet: sourceSet, placeholder: placeholder, alt: alt, first: first))
    }

    func imageFields(
        _ source: String, size: ImageDimensions?, sourceSet: ImageSourceSet?, placeholder: ImagePlaceholder?, alt: String, first: Bool
    ) -> [String: TemplateValue] {
        let dimensions: TemplateValue = size.map { ["width": .text(String($0.width)), "height": .text(String($0.height))] } ?? false
        return [
            "src": .text(source), "srcset": sourceSet.map { .text($0.srcset) } ?? false, "placeholder": placeholder.map { .text($0.css) } ?? false,
            "alt": .text(alt), "size": dimensions, "first": .bool(first),
        ]
    }

    /// A photo's text alternative, never empty and never the caption written beside it:
    /// "Photo" when the photo has a description or a location (the card and the photo's page
    /// write them next to it), else "Untitled image".
    func alternative(description: String?, location: String?) throws -> String {
        let captioned = [description, location].contains { text in text.map { !DocumentText.cleaned($0).allSatisfy(\.isWhitespace) } ?? false }
        return try strings.string(captioned ? .feedImagePhoto : .feedImageUntitled)
    }

    /// The link to the original under its renditions: "Original, 3840 × 2400, 1.8 MB".
    /// Pixels are written without grouping, as image sizes usually are; the bytes in the
    /// locale's decimal separator.
    func original(_ original: CommentsPageModel.Original?) throws -> TemplateValue {
        guard let original else { return false }
        let bytes = ByteCountText.symbols(original.byteCount, decimalSeparator: decimalSeparator)
        let label = try strings.string(.imageCommentsOriginal, String(original.size.width), String(original.size.height), bytes)
        return ["href": .text(original.link), "label": .text(label)]
    }

    /// A text from the API for a `{{#name}}` section: absent when nothing of it is left once
    /// `DocumentText` has dropped what no page may hold, so no empty element is shown.
    static func shown(_ text: String?) -> TemplateValue {
        guard let text, !DocumentText.cleaned(text).isEmpty else { return false }
        return .text(text)
    }

    /// The first of `texts` that is not blank, without what no page may hold
    /// (`DocumentText`), else "Untitled image": how the site names an image, in its text
    /// alternative and its feed title. Never by its place in the feed, which every new item
    /// changes: a page would change with it though nothing on it did.
    func imageName(_ texts: [String?]) throws -> String {
        let shown = texts.lazy.compactMap { $0.map(DocumentText.cleaned) }
        if let text = shown.first(where: { !$0.allSatisfy(\.isWhitespace) }) { return text }
        return try strings.string(.feedImageUntitled)
    }

    func link(_ href: String?, label key: SiteString) throws -> TemplateValue {
        guard let href else { return false }
        return ["href": .text(href), "label": .text(try strings.string(key))]
    }

    /// What the feed page at `path` gives the search script (`search.js`), as its element's
    /// attributes: where the locale's index (or `index`), its pages and the images are from
    /// the page, and the labels (the field's `label`), with their placeholders left for the
    /// script to fill. The history's search gives `snapshots`: where the history is and the
    /// locale's prefix, as its results are in the snapshots that last had them.
    func search(from path: String, index: String? = nil, label: SiteString = .searchLabel, snapshots: TemplateValue = false) throws -> TemplateValue {
        [
            "script": .text(SitePaths.relative(from: path, to: SitePaths.searchScript)),
            "index": .text(SitePaths.relative(from: path, to: index ?? paths.searchIndex)),
            "snapshots": snapshots,
            "pages": .text(SitePaths.relative(from: path, to: paths.localePrefix)),
            "images": .text(SitePaths.relative(from: path, to: SitePaths.imagesFolder)),
            "label": .text(try strings.string(label)),
            "one": .text(try strings.string(.searchResultsOne)),
            "many": .text(try strings.string(.searchResults)),
            "more": .text(try strings.string(.searchResultsFirst)),
            "none": .text(try strings.string(.searchNoResults)),
            "unavailable": .text(try strings.string(.searchUnavailable)),
        ]
    }
}
