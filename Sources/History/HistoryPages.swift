import Basics
import Foundation
import SiteGenerator

/// The history's own files, made anew with each snapshot from the facts of every kept
/// snapshot: `history.js` (the list of snapshots, then the bar's script) and each locale's
/// calendar, as paths from the history's root.
public struct HistoryPages: Sendable {
    /// The live site's renderers, one per locale.
    let renderers: [SiteRenderer]
    /// The bar's script, as the templates give it.
    let script: Data

    public init(renderers: [SiteRenderer], script: Data) {
        self.renderers = renderers
        self.script = script
    }

    /// The files for `snapshots`, oldest first; `itemsShard` is how many of an ID's last
    /// characters name its file under `items/` (`HistoryItems.shardLength`).
    public func files(for snapshots: [SnapshotFacts], itemsShard: Int = 2) throws -> [(path: String, data: Data)] {
        var files: [(path: String, data: Data)] = [("history.js", try scriptFile(for: snapshots, itemsShard: itemsShard))]
        for renderer in renderers {
            let page = try renderer.historyCalendar(try calendar(of: snapshots, in: renderer))
            files.append((String(page.path.dropFirst(SitePaths.historyFolder.count)), Data(page.html.utf8)))
        }
        return files
    }

    /// `var feedsiteHistory = {…};`, then the script: how the items' files are named, and
    /// each snapshot's name and its time as each locale writes it.
    func scriptFile(for snapshots: [SnapshotFacts], itemsShard: Int = 2) throws -> Data {
        var text = "var feedsiteHistory = {\"itemsShard\": \(itemsShard), \"snapshots\": ["
        for (index, snapshot) in snapshots.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            let times = renderers.map { "\(JSONText.quoted($0.locale)): \(JSONText.quoted($0.dayAndTime(snapshot.name.time)))" }
            text += "  {\"name\": \(JSONText.quoted(snapshot.name.text)), \"time\": {\(times.joined(separator: ", "))}}"
        }
        text += "\n]};\n"
        return Data(text.utf8) + script
    }

    /// What the calendar page shows in `renderer`'s locale.
    func calendar(of snapshots: [SnapshotFacts], in renderer: SiteRenderer) throws -> [String: TemplateValue] {
        guard let first = snapshots.first, let latest = snapshots.last else { return ["summary": .text(""), "years": .list([]), "days": .list([])] }
        let summary = try renderer.historyString(
            .historySummary, String(snapshots.count), renderer.dayAndTime(first.name.time), renderer.dayAndTime(latest.name.time))
        let calendar = HistoryCalendar(snapshots.map(\.name), firstWeekday: Self.firstWeekday(of: renderer.locale), locale: renderer.locale)
        let facts = Dictionary(snapshots.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var days: [TemplateValue] = []
        for day in calendar.days {
            var shown: [TemplateValue] = []
            for name in day.snapshots {
                guard let snapshot = facts[name] else { continue }
                let changesPage = snapshot.previous.map { previous in
                    SitePaths.relative(from: renderer.paths.historyCalendar, to: renderer.paths.historyChanges(from: previous.text, to: name.text))
                }
                shown.append([
                    "changesLink": changesPage.map { ["href": .text($0)] } ?? false,
                    "href": .text(
                        SitePaths.relative(from: renderer.paths.historyCalendar, to: SitePaths.historySnapshotPage(name.text, renderer.paths.feedPage(1)))),
                    "time": .text(try renderer.historyString(.historyTime, renderer.dayAndTime(name.time))),
                    "items": .text(try renderer.historyString(.historyItems, String(snapshot.items))),
                    "changes": .text(try Self.changes(of: snapshot, in: renderer)),
                ])
            }
            days.append(["iso": .text(day.iso), "title": .text(day.title), "snapshots": .list(shown)])
        }
        return ["summary": .text(summary), "years": years(of: calendar, levels: Self.levels(of: calendar, facts: facts)), "days": .list(days)]
    }

    /// How much each day with snapshots changed, as a shade from 1 (least) to 4 (most) of
    /// the most any day changed, by its date (`2026-11-26`): every item added, gone and
    /// edited and every comment added and removed counts one. A day of a first snapshot, or
    /// of one whose items only moved, has the lightest.
    static func levels(of calendar: HistoryCalendar, facts: [SnapshotName: SnapshotFacts]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for day in calendar.days {
            counts[day.iso] = day.snapshots.reduce(0) { total, name in
                guard let snapshot = facts[name], snapshot.previous != nil else { return total }
                let summary = snapshot.summary
                return total + summary.added + summary.gone + summary.edited + summary.commentsAdded + summary.commentsRemoved
            }
        }
        let most = max(1, counts.values.max() ?? 1)
        return counts.mapValues { max(1, Int((4 * Double($0) / Double(most)).rounded(.up))) }
    }

    /// The calendar's years, newest first, each with its months' grids; a day with
    /// snapshots links to its place in the list, named by its long date, and is shaded by
    /// `levels`.
    func years(of calendar: HistoryCalendar, levels: [String: Int] = [:]) -> TemplateValue {
        let titles = Dictionary(calendar.days.map { ($0.iso, $0.title) }, uniquingKeysWith: { first, _ in first })
        return .list(
            calendar.years.map { year in
                let months: [TemplateValue] = year.months.map { month in
                    let weekdays: TemplateValue = .list(month.weekdays.map { ["short": .text($0.narrow), "full": .text($0.full)] })
                    let weeks: [TemplateValue] = month.weeks.map { week in
                        [
                            "days": .list(
                                week.map { cell in
                                    guard case .day(let number, let iso, let snapshots) = cell else { return ["number": false, "level": false] }
                                    let link: TemplateValue = snapshots.isEmpty ? false : ["iso": .text(iso), "label": .text(titles[iso] ?? iso)]
                                    return ["number": .text(String(number)), "link": link, "level": levels[iso].map { .text(String($0)) } ?? false]
                                })
                        ]
                    }
                    return ["title": .text(month.title), "weekdays": weekdays, "weeks": .list(weeks)]
                }
                return ["year": .text(String(year.number)), "months": .list(months)]
            })
    }

    /// The first day of the week as the locale has it: Sunday for `en` and `pt-BR`, Monday
    /// for `el`.
    static func firstWeekday(of locale: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        return calendar.firstWeekday
    }

    /// "added: 3, gone: 1, comments added: 5", or what the first snapshot says.
    static func changes(of snapshot: SnapshotFacts, in renderer: SiteRenderer) throws -> String {
        guard snapshot.previous != nil else { return try renderer.historyString(snapshot.earlierThinned ? .historyEarlierThinned : .historyFirst) }
        let summary = snapshot.summary
        var parts: [String] = []
        for (count, key) in [
            (summary.added, SiteString.historyAdded), (summary.gone, .historyGone), (summary.edited, .historyEdited),
            (summary.commentsAdded, .historyCommentsAdded), (summary.commentsRemoved, .historyCommentsRemoved),
        ] where count > 0 {
            parts.append(try renderer.historyString(key, String(count)))
        }
        return parts.isEmpty ? try renderer.historyString(.historyReordered) : parts.joined(separator: ", ")
    }
}
