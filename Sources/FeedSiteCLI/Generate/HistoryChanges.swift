import History

/// What a `--history` run found changed since the latest snapshot, as the terminal says it
/// on every run and the metrics file counts it: all 0 when nothing changed. The calendar's
/// counts, and how many pictures changed, which the calendar does not keep.
struct HistoryChanges: Equatable, Sendable {
    var summary = SnapshotChanges.Summary()
    var picturesChanged = 0

    static let none = HistoryChanges()

    init() {}

    /// The counts a snapshot's facts keep; the pictures changed are not among them.
    init(_ summary: SnapshotChanges.Summary) {
        self.summary = summary
    }

    init(_ changes: SnapshotChanges) {
        summary = changes.summary
        picturesChanged = changes.picturesChanged
    }

    /// Each count by the name the metrics file labels it with, in the order the line says them.
    var byKind: [(kind: String, count: Int)] {
        [
            ("added", summary.added), ("gone", summary.gone), ("edited", summary.edited), ("pictures_changed", picturesChanged),
            ("comments_added", summary.commentsAdded), ("comments_removed", summary.commentsRemoved),
        ]
    }

    /// "1 added, 1 gone, 1 edited, 1 picture changed, 3 comments added": the counts that are
    /// not 0, or what is left when all are (the same items in another order).
    var text: String {
        var parts: [String] = []
        if summary.added > 0 { parts.append("\(summary.added) added") }
        if summary.gone > 0 { parts.append("\(summary.gone) gone") }
        if summary.edited > 0 { parts.append("\(summary.edited) edited") }
        if picturesChanged > 0 { parts.append("\(picturesChanged) \(picturesChanged == 1 ? "picture" : "pictures") changed") }
        let comments = { (count: Int) in "\(count) \(count == 1 ? "comment" : "comments")" }
        if summary.commentsAdded > 0 { parts.append(comments(summary.commentsAdded) + " added") }
        if summary.commentsRemoved > 0 { parts.append(comments(summary.commentsRemoved) + " removed") }
        return parts.isEmpty ? "the same items in another order" : parts.joined(separator: ", ")
    }
}
