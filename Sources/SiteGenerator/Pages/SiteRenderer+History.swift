import Foundation

/// The history's own pages (`--history`), in this locale.
extension SiteRenderer {
    /// The same renderer for pages in `mode`. A snapshot's pages name no address of their own:
    /// a page one snapshot shares with the next cannot say which snapshot it is in, so their
    /// links stay relative and their bar asks the history's script.
    public func inHistory(_ mode: HistoryMode) -> SiteRenderer {
        var renderer = self
        renderer.history = mode
        if mode == .archived { renderer.baseURL = nil }
        return renderer
    }

    /// The locale's calendar of snapshots, `history.html` filled with `values` (what
    /// `HistoryPages` makes of the snapshots), with a link back to the live feed and the
    /// search over every item the history holds.
    public func historyCalendar(_ values: [String: TemplateValue]) throws -> Page {
        let path = paths.historyCalendar
        let title = try strings.string(.historyTitle)
        let back: TemplateValue = ["href": .text(SitePaths.relative(from: path, to: paths.feedPage(1))), "label": .text(try siteName())]
        let body = try templates.history.render(.object(values))
        // The calendar's own snapshot line does not link the calendar.
        var renderer = self
        renderer.history = nil
        let search = try search(
            from: path, index: SitePaths.historySearchIndex, label: .historySearchLabel,
            snapshots: ["root": .text(SitePaths.relative(from: path, to: SitePaths.historyFolder)), "locale": .text(paths.localePrefix), "within": false])
        // The feed of changes is the first locale's, linked from every calendar.
        let feed: TemplateValue = [
            "title": .text(try historyFeedTitle()), "href": .text(SitePaths.relative(from: path, to: SitePaths.historyFolder + "changes.xml")),
        ]
        return Page(
            path: path,
            html: try renderer.layout(path: path, title: title, documentTitle: title, back: back, search: search, body: body, changesFeed: feed))
    }

    /// The search of the feed page at `path`: the locale's index; in a snapshot, the
    /// history's, for the items of the snapshot the page is read in, with the live site's
    /// script, which reads the history's index as the latest run wrote it. A snapshot keeps
    /// no index of its own: it numbers the items by their place, so every item added at the
    /// top of the feed would change it through and through.
    func feedSearch(from path: String) throws -> TemplateValue {
        guard history == .archived else { return try search(from: path) }
        let placed = "history/-/" + path
        return try search(
            from: placed, index: SitePaths.historySearchIndex,
            snapshots: ["root": .text(SitePaths.relative(from: placed, to: SitePaths.historyFolder)), "locale": .text(paths.localePrefix), "within": true])
    }

    /// The locale's page at `path` of what the snapshot taken at `taken` changed,
    /// `history-changes.html` filled with `values` (what `HistoryChangesPage` makes of the
    /// changes), with a link back to the calendar. Its document title names the time, as
    /// every snapshot's page has the same heading.
    public func historyChanges(_ values: [String: TemplateValue], at path: String, taken: Date) throws -> Page {
        let title = try strings.string(.historyChangesTitle)
        let documentTitle = "\(title) · \(try historyString(.historyTime, dayAndTime(taken)))"
        let back: TemplateValue = [
            "href": .text(SitePaths.relative(from: path, to: paths.historyCalendar)), "label": .text(try strings.string(.historyTitle)),
        ]
        let body = try templates.historyChanges.render(.object(values))
        var renderer = self
        renderer.history = nil
        return Page(
            path: path, html: try renderer.layout(path: path, title: title, documentTitle: documentTitle, back: back, search: false, body: body, dated: false))
    }

    /// The first page of what thinning left of the snapshot taken at `taken`: what it is,
    /// and a link to each item's page it keeps (`items`: ID, description, location), in
    /// place of the snapshot's first feed page, with the snapshot's bar.
    public func historyLeftover(_ taken: Date, items: [(id: UUID, description: String?, location: String?)]) throws -> Page {
        let path = paths.feedPage(1)
        let title = try strings.string(.historyLeftoverTitle)
        let untitled = try strings.string(.feedImageUntitled)
        var body = "<p class=\"leftover-intro\">" + HTML.escape(try historyString(.historyLeftoverIntro, dayAndTime(taken))) + "</p>\n<ul class=\"leftover\">\n"
        for item in items {
            let label = [item.description, item.location].compactMap { $0 }.first { !$0.isEmpty } ?? untitled
            let href = SitePaths.relative(from: path, to: paths.commentsPage(for: item.id))
            body += "<li><a href=\"\(HTML.escape(href))\">\(HTML.escape(label))</a></li>\n"
        }
        body += "</ul>\n"
        let back: TemplateValue = [
            "href": .text(SitePaths.relative(from: "history/-/" + path, to: paths.historyCalendar)), "label": .text(try strings.string(.historyTitle)),
        ]
        return Page(path: path, html: try layout(path: path, title: title, documentTitle: title, back: back, search: false, body: body))
    }

    /// Where the site is served (`--base-url`), for the history's feed of changes; `nil`
    /// for a site read where it lies.
    public var siteAddress: BaseURL? { baseURL }

    /// The title the history's feed of changes has in this locale: "What changed · History".
    public func historyFeedTitle() throws -> String {
        "\(try strings.string(.historyChangesTitle)) · \(try strings.string(.historyTitle)) · \(apiHost)"
    }

    /// The API's host, which every page says the site is a snapshot of.
    public var snapshotHost: String { apiHost }

    /// The language of the locale's pages, as `lang` gives it.
    public var language: String { strings.locale }

    /// A localized string of the history's table, with its placeholders filled.
    public func historyString(_ key: SiteString, _ arguments: String...) throws -> String {
        StringFormat.substitute(try strings.string(key), arguments)
    }

    /// `date` relative to `now` rather than the run's clock, in this locale ("3 days ago").
    public func relative(_ date: Date, at now: Date) -> String {
        dates.relative(date, now: now)
    }

    /// `date` as the snapshot line writes it, in this locale and UTC ("26 November 2026, 12:00").
    public func dayAndTime(_ date: Date) -> String {
        dates.dayAndTime(date)
    }

    /// With `--history`, what a comments page gives the history's script to say where in
    /// the history its item is: the item, where the history is from the page (a snapshot's
    /// page is read under `history/<name>/`), the labels, and on a live page the script, which
    /// a snapshot's page has already for its bar. `false` without history.
    func itemHistory(of imageID: UUID, at path: String) throws -> TemplateValue {
        guard let history else { return false }
        let placed = history == .archived ? "history/-/" + path : path
        return [
            "id": .text(imageID.text),
            "root": .text(SitePaths.relative(from: placed, to: SitePaths.historyFolder)),
            "locale": .text(paths.localePrefix),
            "script": history == .live ? .text(SitePaths.relative(from: path, to: SitePaths.historyScript)) : false,
            "title": .text(try strings.string(.historyItemTitle)),
            "in": .text(try strings.string(.historyItemIn)),
            "first": .text(try strings.string(.historyItemFirst)),
            "last": .text(try strings.string(.historyItemLast)),
            "still": .text(try strings.string(.historyItemStill)),
            "gone": .text(try strings.string(.historyItemGone)),
            "all": .text(try strings.string(.historyItemAll)),
            "time": .text(try strings.string(.historyTime)),
            "versions": .text(try strings.string(.historyItemVersions)),
            "span": .text(try strings.string(.historyItemSpan)),
            "now": .text(try strings.string(.historyItemNow)),
        ]
    }

    /// The bar of a snapshot's page at `path` (from the snapshot's root): what it is, links to
    /// the live site and the calendar, and what the history's script needs to add the
    /// snapshot's time and its neighbours. Every link is relative to `history/`, never naming
    /// the snapshot, so the same page serves every snapshot that shares it.
    func archiveBar(for path: String) throws -> TemplateValue {
        let placed = "history/-/" + path
        return [
            "label": .text(try strings.string(.historyBarLabel)),
            "archived": .text(try strings.string(.historyArchived)),
            "taken": .text(try strings.string(.siteSnapshot, apiHost, "%@")),
            "live": .text(SitePaths.relative(from: placed, to: paths.feedPage(1))),
            "liveLabel": .text(try strings.string(.historyLive)),
            "calendar": .text(SitePaths.relative(from: placed, to: paths.historyCalendar)),
            "all": .text(try strings.string(.historyAll)),
            "previous": .text(try strings.string(.historyPrevious)),
            "next": .text(try strings.string(.historyNext)),
            "latest": .text(try strings.string(.historyLatest)),
            "changes": .text(try strings.string(.historyChangesTitle)),
            "position": .text(try strings.string(.feedPagePosition, "%1$@", "%2$@")),
            "root": .text(SitePaths.relative(from: placed, to: SitePaths.historyFolder)),
            "script": .text(SitePaths.relative(from: placed, to: SitePaths.historyScript)),
            "locale": .text(paths.localePrefix),
            "thinned": .text(try strings.string(.historyThinned)),
        ]
    }
}
