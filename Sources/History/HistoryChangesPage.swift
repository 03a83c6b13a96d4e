import Foundation
import SiteGenerator

/// The page of what a snapshot changed since the kept snapshot before it, in each locale:
/// the items added and edited linked in the later snapshot, the items gone linked in the
/// earlier one, which last had them. A file of the history's own, named by both snapshots,
/// made when the pair is new and kept as it is while the pair stays.
public enum HistoryChangesPage {
    /// The page in each of `renderers`' locales, as paths from the history's root; `folder`
    /// says where each snapshot's files are, for the items' pictures and comments, read
    /// from their pages there (`SnapshotItemPage`).
    public static func files(
        _ changes: SnapshotChanges, from: SnapshotName, to: SnapshotName, renderers: [SiteRenderer], folder: @escaping (SnapshotName) -> String
    ) throws -> [(path: String, data: Data)] {
        try renderers.map { renderer in
            let path = renderer.paths.historyChanges(from: from.text, to: to.text)
            let pages = ItemPages(renderer: renderer, folder: folder)
            let page = try renderer.historyChanges(try values(changes, from: from, to: to, at: path, in: renderer, pages: pages), at: path, taken: to.time)
            return (Self.path(from: from, to: to, in: renderer), Data(page.html.utf8))
        }
    }

    /// Reads an item's page in a snapshot once, in one locale.
    final class ItemPages {
        let renderer: SiteRenderer
        let folder: (SnapshotName) -> String
        private var read: [String: SnapshotItemPage] = [:]

        init(renderer: SiteRenderer, folder: @escaping (SnapshotName) -> String) {
            self.renderer = renderer
            self.folder = folder
        }

        /// The item's page in `snapshot`, as seen from the history's root: its picture's
        /// path from there.
        func page(of id: UUID, in snapshot: SnapshotName) -> SnapshotItemPage? {
            let key = snapshot.text + "/" + id.text
            if let known = read[key] { return known }
            let page = SnapshotItemPage.read(renderer.paths.commentsPage(for: id), in: folder(snapshot))
            read[key] = page
            return page
        }
    }

    /// Where the page of `from` to `to` is from the history's root, in `renderer`'s locale.
    public static func path(from: SnapshotName, to: SnapshotName, in renderer: SiteRenderer) -> String {
        String(renderer.paths.historyChanges(from: from.text, to: to.text).dropFirst(SitePaths.historyFolder.count))
    }

    static func values(
        _ changes: SnapshotChanges, from: SnapshotName, to: SnapshotName, at path: String, in renderer: SiteRenderer, pages: ItemPages
    ) throws -> [String: TemplateValue] {
        func link(_ snapshot: SnapshotName, _ target: String) -> TemplateValue {
            .text(SitePaths.relative(from: path, to: SitePaths.historySnapshotPage(snapshot.text, target)))
        }
        func picture(of record: SnapshotRecord, in snapshot: SnapshotName) -> TemplateValue {
            guard let source = pages.page(of: record.id, in: snapshot)?.picture else { return false }
            return ["src": link(snapshot, source)]
        }
        func item(_ record: SnapshotRecord, in snapshot: SnapshotName) throws -> [String: TemplateValue] {
            [
                "href": link(snapshot, renderer.paths.commentsPage(for: record.id)), "title": .text(try title(of: record, in: renderer)),
                "picture": picture(of: record, in: snapshot), "pictures": false, "fields": .list([]), "notes": .list([]), "comments": .list([]),
                "hasComments": false,
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
            try section(
                "edited", .historyChangesEdited, try edited.map { try edit($0, from: from, to: to, item: item, link: link, renderer: renderer, pages: pages) }),
            try section(
                "comments", .historyChangesCommented,
                try commented.map { try edit($0, from: from, to: to, item: item, link: link, renderer: renderer, pages: pages) }),
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

    /// An edited item: its link and picture, its text before and after with the changed
    /// words marked, its picture before and after when it changed, and its comments added
    /// and removed, each with its author, time and words.
    private static func edit(
        _ edit: SnapshotChanges.Edit, from: SnapshotName, to: SnapshotName, item: (SnapshotRecord, SnapshotName) throws -> [String: TemplateValue],
        link: (SnapshotName, String) -> TemplateValue, renderer: SiteRenderer, pages: ItemPages
    ) throws -> TemplateValue {
        var values = try item(edit.after, to)
        var fields: [TemplateValue] = []
        for (name, before, after, changed) in [
            (SiteString.historyChangesLocation, edit.before.location, edit.after.location, edit.locationEdited),
            (.historyChangesDescription, edit.before.description, edit.after.description, edit.descriptionEdited),
        ] where changed {
            let none = try renderer.historyString(.historyChangesNone)
            let (old, new) = (before.map(DocumentText.cleaned) ?? "", after.map(DocumentText.cleaned) ?? "")
            let parts = WordDiff.parts(old, new)
            func list(_ parts: [WordDiff.Part]) -> TemplateValue {
                .list(parts.isEmpty ? [["text": .text(none), "changed": true]] : parts.map { ["text": .text($0.text), "changed": .bool($0.changed)] })
            }
            fields.append([
                "name": .text(try renderer.historyString(name)),
                "beforeLabel": .text(try renderer.historyString(.historyChangesBefore)), "before": .text(before == nil ? none : old),
                "afterLabel": .text(try renderer.historyString(.historyChangesAfter)), "after": .text(after == nil ? none : new),
                "beforeParts": list(parts.before), "afterParts": list(parts.after),
            ])
        }
        let earlier = pages.page(of: edit.before.id, in: from)
        let later = pages.page(of: edit.after.id, in: to)
        if edit.imageEdited, let old = earlier?.picture, let new = later?.picture {
            values["pictures"] = [
                "beforeLabel": .text(try renderer.historyString(.historyChangesBefore)),
                "before": link(from, old),
                "afterLabel": .text(try renderer.historyString(.historyChangesAfter)),
                "after": link(to, new),
            ]
            values["picture"] = false
        }
        let comments =
            try comments(edit.commentsRemoved, of: edit.before, on: earlier, kind: "removed", label: .historyChangesCommentRemoved, renderer: renderer)
            + comments(edit.commentsAdded, of: edit.after, on: later, kind: "added", label: .historyChangesCommentAdded, renderer: renderer)
        values["comments"] = .list(comments)
        values["hasComments"] = .bool(!comments.isEmpty)
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

    /// The comments `ids` of `record`, as its page shows them: each with its author, time and
    /// words. None when the page does not show as many comments as the record has.
    private static func comments(
        _ ids: [String], of record: SnapshotRecord, on page: SnapshotItemPage?, kind: String, label: SiteString, renderer: SiteRenderer
    ) throws -> [TemplateValue] {
        guard !ids.isEmpty, let page, let all = record.commentIDs, all.count == page.comments.count else { return [] }
        let shown = Dictionary(zip(all, page.comments).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        let text = try renderer.historyString(label)
        return ids.compactMap { id in
            shown[id].map { comment in
                [
                    "kind": .text(kind), "label": .text(text), "username": .text(comment.username), "date": .text(comment.date),
                    "time": .text(comment.dateText), "message": .text(comment.message),
                ]
            }
        }
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
