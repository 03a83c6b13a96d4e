import Foundation

extension HistoryItems {
    /// A snapshot a run adds: its name, its items in feed order, the documents of the items
    /// whose pages it rendered, and where the others' come from when the history has none.
    public struct Addition {
        public let name: SnapshotName
        public let ids: [UUID]
        public let documents: [UUID: Document]
        public let fallback: (UUID) -> Document

        public init(name: SnapshotName, ids: [UUID], documents: [UUID: Document], fallback: @escaping (UUID) -> Document) {
            self.name = name
            self.ids = ids
            self.documents = documents
            self.fallback = fallback
        }
    }

    /// The items after a run: `remembered` (the history's file; `nil` when it is missing or
    /// damaged), made again from the snapshots' own files when it does not count exactly
    /// `existing` (the history's snapshots before the run's, oldest first), then `added`
    /// counted and `thinned` no longer. `snapshot` reads a snapshot's file, `nil` when it
    /// cannot be read: such a snapshot is left out.
    public static func updated(
        remembered: HistoryItems?, existing: [SnapshotName], adding added: Addition?, thinned: [SnapshotName],
        snapshot: (SnapshotName) -> SnapshotIndex?
    ) -> HistoryItems {
        var items = remembered ?? HistoryItems()
        if items.snapshots != existing {
            items = rebuilt(over: existing, remembering: remembered, snapshot: snapshot)
        }
        if let added { items.add(added.name, ids: added.ids, documents: added.documents, fallback: added.fallback) }
        for name in thinned { items.remove(name) }
        return items
    }

    /// The items of `names` as their files hold them, each item's document as `remembered`
    /// has it, else as its latest record tells.
    static func rebuilt(over names: [SnapshotName], remembering remembered: HistoryItems?, snapshot: (SnapshotName) -> SnapshotIndex?) -> HistoryItems {
        let known = Dictionary((remembered?.items ?? []).map { ($0.id, $0.document) }, uniquingKeysWith: { first, _ in first })
        var items = HistoryItems()
        for name in names {
            guard let index = snapshot(name) else { continue }
            var documents: [UUID: Document] = [:]
            for id in index.ids where known[id] == nil {
                if let record = try? index.record(for: id) { documents[id] = Document(record) }
            }
            items.add(name, ids: index.ids, documents: documents) { id in known[id] ?? Document(bare: id) }
        }
        return items
    }
}

extension HistoryItems.Document {
    /// An item known by its ID alone.
    public init(bare id: UUID) {
        self.init(record: "[\"\(id.text)\", \"\", 0, 0, \"\", \"\"]", terms: "")
    }
}
