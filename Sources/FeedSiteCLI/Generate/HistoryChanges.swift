import History

/// What a `--history` run found changed since the latest snapshot, as the terminal says it
/// on every run and the metrics file counts it: all 0 when nothing changed.
struct HistoryChanges: Equatable, Sendable {
    var added = 0
    var gone = 0
    var edited = 0
    var picturesChanged = 0
    var commentsAdded = 0
    var commentsRemoved = 0

    static let none = HistoryChanges()

    init() {}

    init(_ changes: SnapshotChanges) {
        let summary = changes.summary
        added = summary.added
        gone = summary.gone
        edited = summary.edited
        picturesChanged = changes.picturesChanged
        commentsAdded = summary.commentsAdded
        commentsRemoved = summary.commentsRemoved
    }

    /// Each count by the name the metrics file labels it with, in the order the line says them.
    var byKind: [(kind: String, count: Int)] {
        [
            ("added", added), ("gone", gone), ("edited", edited), ("pictures_changed", picturesChanged), ("comments_added", commentsAdded),
            ("comments_removed", commentsRemoved),
        ]
    }

    /// "1 added, 1 gone, 1 edited, 1 picture changed, 3 comments added": the counts that are
    /// not 0, or what is left when all are (the same items in another order).
    var text: String {
        var parts: [String] = []
        if added > 0 { parts.append("\(added) added") }
        if gone > 0 { parts.append("\(gone) gone") }
        if edited > 0 { parts.append("\(edited) edited") }
        if picturesChanged > 0 { parts.append("\(picturesChanged) \(picturesChanged == 1 ? "picture" : "pictures") changed") }
        if commentsAdded > 0 { parts.append("\(commentsAdded) \(commentsAdded == 1 ? "comment" : "comments") added") }
        if commentsRemoved > 0 { parts.append("\(commentsRemoved) \(commentsRemoved == 1 ? "comment" : "comments") removed") }
        return parts.isEmpty ? "the same items in another order" : parts.joined(separator: ", ")
    }
}
