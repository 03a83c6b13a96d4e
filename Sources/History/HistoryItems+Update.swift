import Foundation

extension HistoryItems {
    /// A snapshot a run adds: its name, its items in feed order and each one's data
    /// (`SnapshotRecord.dataDigest`), the documents of the items whose pages it rendered, and
    /// where the others' come from when the history has none.
    public struct Addition {
        public let name: SnapshotName
        public let ids: [UUID]
        public let versions: [UUID: String]
        public let firstSeen: [UUID: Date]
        public let documents: [UUID: Document]
        public let fallback: (UUID) -> Document

        public init(
            name: SnapshotName, ids: [UUID], versions: [UUID: String], firstSeen: [UUID: Date] = [:], documents: [UUID: Document],
            fallback: @escaping (UUID) -> Document
        ) {
            self.name = name
            self.ids = ids
            self.versions = versions
            self.firstSeen = firstSeen
            self.documents = documents
            self.fallback = fallback
        }
    }

    /// The items after a run: `remembered` (the history's file; `nil` when it is missing or
    /// damaged) brought up to `existing` (the history's snapshots before the run's, oldest
    /// first), then `added` counted and `thinned` no longer. A remembered file that lags
    /// behind a run killed midway catches up: a snapshot it counts that is gone is taken
    /// out, a newer one it lacks is added from its file, and an older one it lacks is one
    /// that run thinned, which `thinned` names again. Anything else, or no file, makes the
    /// items again from the snapshots' own files and from what thinning left
    /// (`leftovers`). `snapshot` reads a snapshot's file, `nil` when it cannot be read: such
    /// a snapshot is left out.
    public static func updated(
        remembered: HistoryItems?, existing: [SnapshotName], adding added: Addition?, thinned: [SnapshotName],
        snapshot: (SnapshotName) -> SnapshotIndex?, leftovers: () -> [(name: SnapshotName, records: [SnapshotRecord])] = { [] }
    ) -> HistoryItems {
        var items = remembered ?? HistoryItems()
        if items.snapshots != existing {
            items =
                remembered.flatMap { caughtUp($0, with: existing, thinned: Set(thinned), snapshot: snapshot) }
                ?? rebuilt(over: existing, remembering: remembered, snapshot: snapshot, leftovers: leftovers())
        }
        if let added {
            items.add(
                added.name, ids: added.ids, versions: added.versions, firstSeen: added.firstSeen, documents: added.documents, fallback: added.fallback)
        }
        for name in thinned { items.remove(name) }
        return items
    }

    /// `remembered` brought up to `existing` after a run killed midway, `nil` when it cannot
    /// be.
    static func caughtUp(
        _ remembered: HistoryItems, with existing: [SnapshotName], thinned: Set<SnapshotName>, snapshot: (SnapshotName) -> SnapshotIndex?
    ) -> HistoryItems? {
        var items = remembered
        let present = Set(existing)
        for name in remembered.snapshots where !present.contains(name) {
            guard name != items.snapshots.last else { return nil }
            items.remove(name)
        }
        guard let latest = items.snapshots.last else { return nil }
        let counted = Set(items.snapshots)
        for name in existing where !counted.contains(name) {
            guard name > latest else {
                if thinned.contains(name) { continue }
                return nil
            }
            guard let index = snapshot(name) else { continue }
            let records = index.ids.compactMap { try? index.record(for: $0) }
            let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            items.add(
                name, ids: index.ids, versions: byID.mapValues(\.dataDigest), documents: [:],
                fallback: { id in byID[id].map(Document.init) ?? Document(bare: id) })
        }
        return items
    }

    /// The items of `names` as their files hold them, each item's document as `remembered`
    /// has it, else as its latest record tells; then the versions that only what thinning
    /// left of a snapshot holds (`leftovers`, each folder's records).
    static func rebuilt(
        over names: [SnapshotName], remembering remembered: HistoryItems?, snapshot: (SnapshotName) -> SnapshotIndex?,
        leftovers: [(name: SnapshotName, records: [SnapshotRecord])] = []
    ) -> HistoryItems {
        let known = Dictionary((remembered?.items ?? []).map { ($0.id, $0.document) }, uniquingKeysWith: { first, _ in first })
        var items = HistoryItems()
        for name in names {
            guard let index = snapshot(name) else { continue }
            var documents: [UUID: Document] = [:]
            var versions: [UUID: String] = [:]
            for id in index.ids {
                guard let record = try? index.record(for: id) else { continue }
                versions[id] = record.dataDigest
                if known[id] == nil { documents[id] = Document(record) }
            }
            items.add(name, ids: index.ids, versions: versions, documents: documents) { id in known[id] ?? Document(bare: id) }
        }
        for (name, records) in leftovers.sorted(by: { $0.name < $1.name }) {
            for record in records { items.keep(record, heldBy: name, document: known[record.id] ?? Document(record)) }
        }
        return items
    }

    /// Adds the version of `record` whose page only the folder `name` holds, unless the item
    /// has it already.
    mutating func keep(_ record: SnapshotRecord, heldBy name: SnapshotName, document: Document) {
        let version = Version(data: record.dataDigest, from: name, to: name, holder: name)
        guard let at = items.firstIndex(where: { $0.id == record.id }) else {
            items.append(Item(id: record.id, spans: [], versions: [version], gone: snapshots.first { $0 > name }, document: document))
            return
        }
        guard !items[at].versions.contains(where: { $0.holder == name }) else { return }
        items[at].versions.append(version)
        items[at].versions.sort { $0.from < $1.from }
    }
}

extension HistoryItems.Document {
    /// An item known by its ID alone.
    public init(bare id: UUID) {
        self.init(record: "[\"\(id.text)\", \"\", 0, 0, \"\", \"\"]", terms: "")
    }
}
