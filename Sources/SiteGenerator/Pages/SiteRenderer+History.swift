import Foundation

/// The history's own pages (`--history`), in this locale.
extension SiteRenderer {
    /// The locale's calendar of snapshots, `history.html` filled with `values` (what
    /// `HistoryPages` makes of the snapshots), with a link back to the live feed.
    public func historyCalendar(_ values: [String: TemplateValue]) throws -> Page {
        let path = paths.historyCalendar
        let title = try strings.string(.historyTitle)
        let back: TemplateValue = ["href": .text(SitePaths.relative(from: path, to: paths.feedPage(1))), "label": .text(try strings.string(.feedViewTitle))]
        let body = try templates.history.render(.object(values))
        // The calendar's own snapshot line does not link the calendar.
        var renderer = self
        renderer.history = nil
        return Page(path: path, html: try renderer.layout(path: path, title: title, documentTitle: title, back: back, search: false, body: body))
    }

    /// A localized string of the history's table, with its placeholders filled.
    public func historyString(_ key: SiteString, _ arguments: String...) throws -> String {
        StringFormat.substitute(try strings.string(key), arguments)
    }

    /// `date` as the snapshot line writes it, in this locale and UTC ("26 November 2026, 12:00").
    public func dayAndTime(_ date: Date) -> String {
        dates.dayAndTime(date)
    }
}
