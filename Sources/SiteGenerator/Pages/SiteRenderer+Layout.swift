import Foundation

/// The page around every body: the head, the bar with the way back and the languages, the
/// snapshot line, and in a snapshot the bar that names it.
extension SiteRenderer {
    /// What a page is, for the stylesheet: the feed's pages show their cards in a grid on a
    /// wide screen, a photo's page shows its photo across the window.
    enum PageKind: String {
        case feed, photo, other
    }

    /// The page at `path` with `body` inside, headed `title`: its document title is
    /// `documentTitle` then the site's name, or the site's name alone; `dated` puts the run's
    /// time in its snapshot line (a snapshot's page, or a page of the history's own about two
    /// snapshots, leaves it out); `changesFeed` links the history's feed of changes.
    func layout(
        path: String, title: String, documentTitle: String?, back: TemplateValue?, search: TemplateValue, body: String, dated: Bool = true,
        changesFeed: TemplateValue = false, kind: PageKind = .other
    ) throws -> String {
        var values = try layoutValues(
            path: path, title: title, documentTitle: documentTitle, back: back, search: search, dated: dated, changesFeed: changesFeed, kind: kind)
        values["body"] = .html(body)
        return try templates.layout.render(.object(values))
    }

    /// What `layout` gives the layout template, but the body.
    func layoutValues(
        path: String, title: String, documentTitle: String?, back: TemplateValue?, search: TemplateValue, dated: Bool = true,
        changesFeed: TemplateValue = false, kind: PageKind = .other
    ) throws -> [String: TemplateValue] {
        let site = try siteName()
        var alternates: [TemplateValue] = []
        var options: [TemplateValue] = []
        if languages.count > 1 {
            for language in languages {
                let target = paths.samePage(path, in: language.paths)
                let href = SitePaths.relative(from: path, to: target)
                // Search engines want the alternates of a served site as full addresses.
                alternates.append(["hreflang": .text(language.locale), "href": .text(baseURL?.address(of: target) ?? href)])
                options.append([
                    "hreflang": .text(language.locale),
                    "name": .text(language.name),
                    "href": .text(href),
                    "current": .bool(language.paths == paths),
                ])
            }
        }
        var feeds: TemplateValue = false
        var canonical: TemplateValue = false
        if let baseURL {
            feeds = [
                "title": .text(site),
                "json": .text(SitePaths.relative(from: path, to: paths.jsonFeed)),
                "atom": .text(SitePaths.relative(from: path, to: paths.atomFeed)),
            ]
            canonical = .text(baseURL.address(of: path))
        }
        return [
            "lang": .text(strings.locale),
            "canonical": canonical,
            "feeds": feeds,
            "changesFeed": changesFeed,
            "title": .text(title),
            "documentTitle": .text(documentTitle.map { "\($0) · \(site)" } ?? site),
            "kind": .text(kind.rawValue + "-page"),
            "stylesheet": .text(SitePaths.relative(from: path, to: SitePaths.stylesheet)),
            "icon": .text(SitePaths.relative(from: path, to: SitePaths.icon)),
            // A snapshot's page leaves its date to the bar; a page of the history's own names
            // the snapshots it is about.
            "snapshot": .text(history == .archived || !dated ? "" : try strings.string(.siteSnapshot, apiHost, snapshotTime)),
            "back": back ?? false,
            "search": search,
            "alternates": .list(alternates),
            "languages": options.isEmpty
                ? false
                : ["label": .text(try strings.string(.languageSwitcherLabel)), "options": .list(options)],
            "history": history == .live
                ? ["href": .text(SitePaths.relative(from: path, to: paths.historyCalendar)), "label": .text(try strings.string(.historyTitle))] : false,
            "archive": history == .archived ? try archiveBar(for: path) : false,
        ]
    }
}
