import Foundation
import SiteGenerator

/// The page of what a snapshot changed since the kept snapshot before it, in each locale:
/// the items added and edited linked in the later snapshot, the items gone linked in the
/// earlier one, which last had them. A file of the history's own, named by both snapshots,
/// made when the pair is new and kept as it is while the pair stays.
public enum HistoryChangesPage {
    /// The page in each of `renderers`' locales, as paths from the history's root.
    public static func files(_ changes: SnapshotChanges, from: SnapshotName, to: SnapshotName, renderers: [SiteRenderer]) throws -> [(
        path: String, data: Data
    )] {
        try renderers.map { renderer in
            let path = renderer.paths.historyChanges(from: from.text, to: to.text)
            let page = try renderer.historyChanges(try values(changes, from: from, to: to, at: path, in: renderer), at: path, taken: to.time)
            return (Self.path(from: from, to: to, in: renderer), Data(page.html.utf8))
        }
    }

    /// Where the page of `from` to `to` is from the history's root, in `renderer`'s locale.
    public static func path(from: SnapshotName, to: SnapshotName, in renderer: SiteRenderer) -> String {
        String(renderer.paths.historyChanges(from: from.text, to: to.text).dropFirst(SitePaths.historyFolder.count))
    }

    static func values(_ changes: SnapshotChanges, from: SnapshotName, to: SnapshotName, at path: String, in renderer: SiteRenderer) throws -> [String:
        TemplateValue]
    {
        func link(_ snapshot: SnapshotName, _ target: String) -> TemplateValue {
            .text(SitePaths.relative(from: path, to: SitePaths.historySnapshotPage(snapshot.text, target)))
        }
        func item(_ record: SnapshotRecord, in snapshot: SnapshotName) throws -> [String: TemplateValue] {
            [
                "href": link(snapshot, renderer.paths.commentsPage(for: record.id)), "title": .text(try title(of: record, in: renderer)),
                "fields": .list([]), "notes": .list([]),
            ]
        }
        func section(_ kind: String, _ heading: SiteString, _ items: [TemplateValue]) throws -> TemplateValue? {
            items.isEmpty ? nil : ["kind": .text(kind), "heading": .text(try renderer.historyString(heading, String(items.count))), "items": .list(items)]
        }
        let edited = changes.edits.filter(\.isEdited)
        let commented = changes.edits.filter { !$0.isEdited }
        let sections = [
            try section("added", .historyChangesAdded, try changes.added.map { .object(try item($0, in: to)) }),
            try section("gone", .historyChangesGone, try changes.gone.map { .object(try item($0, in: from)) }),
            try section("edited", .historyChangesEdited, try edited.map { try edit($0, in: to, item: item, renderer: renderer) }),
            try section("comments", .historyChangesCommented, try commented.map { try edit($0, in: to, item: item, renderer: renderer) }),
        ].compactMap { $0 }
        return [
            "thisLabel": .text(try renderer.historyString(.historyChangesThis)),
            "thisHref": link(to, renderer.paths.feedPage(1)),
            "thisTime": .text(try renderer.historyString(.historyTime, renderer.dayAndTime(to.time))),
            "previousLabel": .text(try renderer.historyString(.historyChangesPrevious)),
            "previousHref": link(from, renderer.paths.feedPage(1)),
            "previousTime": .text(try renderer.historyString(.historyTime, renderer.dayAndTime(from.time))),
            "apart": .text(try renderer.historyString(.historyChangesApart, renderer.relative(from.time, at: to.time))),
            // Items whose order changed besides edits are more than only reordered.
            "reordered": changes.reordered && changes.edits.isEmpty
                ? .text(try renderer.historyString(.historyChangesReordered))
                : changes.isEmpty ? .text(try renderer.historyString(.historyChangesSame)) : false,
            "alsoReordered": changes.reordered && !changes.edits.isEmpty ? .text(try renderer.historyString(.historyChangesAlsoReordered)) : false,
            "sections": .list(sections),
        ]
    }

    /// An edited item: its link, its text before and after, and what else changed.
    private static func edit(
        _ edit: SnapshotChanges.Edit, in snapshot: SnapshotName, item: (SnapshotRecord, SnapshotName) throws -> [String: TemplateValue],
        renderer: SiteRenderer
    ) throws -> TemplateValue {
        var values = try item(edit.after, snapshot)
        var fields: [TemplateValue] = []
        for (name, before, after, changed) in [
            (SiteString.historyChangesLocation, edit.before.location, edit.after.location, edit.locationEdited),
            (.historyChangesDescription, edit.before.description, edit.after.description, edit.descriptionEdited),
        ] where changed {
            let none = try renderer.historyString(.historyChangesNone)
            fields.append([
                "name": .text(try renderer.historyString(name)),
                "beforeLabel": .text(try renderer.historyString(.historyChangesBefore)), "before": .text(before.map(DocumentText.cleaned) ?? none),
                "afterLabel": .text(try renderer.historyString(.historyChangesAfter)), "after": .text(after.map(DocumentText.cleaned) ?? none),
            ])
        }
        var notes: [String] = []
        if edit.imageEdited { notes.append(try renderer.historyString(.historyChangesImage)) }
        // The calendar's words, each only when there are some.
        if !edit.commentsAdded.isEmpty { notes.append(try renderer.historyString(.historyCommentsAdded, String(edit.commentsAdded.count))) }
        if !edit.commentsRemoved.isEmpty { notes.append(try renderer.historyString(.historyCommentsRemoved, String(edit.commentsRemoved.count))) }
        if edit.commentsAdded.isEmpty, edit.commentsRemoved.isEmpty, fields.isEmpty, !edit.imageEdited {
            notes.append(try renderer.historyString(.historyChangesCommentEdited))
        }
        values["fields"] = .list(fields)
        values["notes"] = .list(notes.map { ["text": .text($0)] })
        return .object(values)
    }

    /// The item as the page names it: its location, else its description's first line
    /// (shortened), else words saying it has no text.
    static func title(of record: SnapshotRecord, in renderer: SiteRenderer) throws -> String {
        let location = DocumentText.cleaned(record.location ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !location.isEmpty { return location }
        let line = DocumentText.cleaned(record.description ?? "").split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return try renderer.historyString(.historyChangesUntitled) }
        return trimmed.count > titleLength ? String(trimmed.prefix(titleLength)) + "…" : trimmed
    }

    static let titleLength = 80
}
