import Foundation

/// What changed from one snapshot to the next: items added and gone, items whose text or
/// image was edited, comments added and removed, each in the order the later feed has them
/// (gone items in the earlier feed's order).
public struct SnapshotChanges: Equatable, Sendable {
    /// An item in both snapshots whose text, image or comments differ.
    public struct Edit: Equatable, Sendable {
        public let before: SnapshotRecord
        public let after: SnapshotRecord
        /// Comments the later snapshot has and the earlier had not, and the other way round;
        /// none when either could not load them.
        public let commentsAdded: [String]
        public let commentsRemoved: [String]

        public var descriptionEdited: Bool { before.description != after.description }
        public var locationEdited: Bool { before.location != after.location }
        public var imageEdited: Bool { before.imageURL != after.imageURL || before.imageSHA256 != after.imageSHA256 }
        /// Whether the item's text, its image or one of its comments was edited, rather than
        /// comments only added or removed.
        public var isEdited: Bool {
            descriptionEdited || locationEdited || imageEdited || commentsAdded.isEmpty && commentsRemoved.isEmpty
        }
    }

    public let added: [SnapshotRecord]
    public let gone: [SnapshotRecord]
    public let edits: [Edit]
    /// Whether the items are the same but in another order.
    public let reordered: Bool

    /// From `before` (empty for a first snapshot) to `after`, each in feed order.
    public init(from before: [SnapshotRecord], to after: [SnapshotRecord]) {
        let earlier = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let later = Set(after.map(\.id))
        var added: [SnapshotRecord] = []
        var edits: [Edit] = []
        for record in after {
            guard let old = earlier[record.id] else {
                added.append(record)
                continue
            }
            guard record.differs(from: old) else { continue }
            var commentsAdded: [String] = []
            var commentsRemoved: [String] = []
            if let new = record.commentIDs, let previous = old.commentIDs {
                let (newSet, previousSet) = (Set(new), Set(previous))
                commentsAdded = new.filter { !previousSet.contains($0) }
                commentsRemoved = previous.filter { !newSet.contains($0) }
            }
            edits.append(Edit(before: old, after: record, commentsAdded: commentsAdded, commentsRemoved: commentsRemoved))
        }
        self.added = added
        self.gone = before.filter { !later.contains($0.id) }
        self.edits = edits
        let kept = Set(earlier.keys)
        self.reordered = added.isEmpty && gone.isEmpty && before.map(\.id) != after.map(\.id).filter(kept.contains)
    }

    /// Whether anything changed at all.
    public var isEmpty: Bool { added.isEmpty && gone.isEmpty && edits.isEmpty && !reordered }

    /// How many items both snapshots hold whose picture changed.
    public var picturesChanged: Int { edits.count(where: \.imageEdited) }

    /// The counts a calendar shows.
    public var summary: Summary {
        Summary(
            added: added.count, gone: gone.count, edited: edits.count(where: \.isEdited), commentsAdded: edits.reduce(0) { $0 + $1.commentsAdded.count },
            commentsRemoved: edits.reduce(0) { $0 + $1.commentsRemoved.count })
    }

    /// How many items were added, gone and edited, and how many comments added and removed.
    public struct Summary: Equatable, Sendable {
        public var added = 0
        public var gone = 0
        public var edited = 0
        public var commentsAdded = 0
        public var commentsRemoved = 0

        public init(added: Int = 0, gone: Int = 0, edited: Int = 0, commentsAdded: Int = 0, commentsRemoved: Int = 0) {
            self.added = added
            self.gone = gone
            self.edited = edited
            self.commentsAdded = commentsAdded
            self.commentsRemoved = commentsRemoved
        }
    }
}
