import Foundation

/// Every item the history ever held, remembered in the history's `items.jsonl`: where each
/// item is among the kept snapshots, as spans; every version of it the runs saw, when, and
/// which folder holds its page; and what the history's search finds it by. Made anew with
/// each snapshot from the last one, not from the snapshots' own files.
///
/// A span runs over consecutive kept snapshots, so it keeps its ends when a snapshot inside
/// it is thinned away, and an item still in the latest snapshot has an open span that the
/// next snapshot leaves as it is. Versions are facts of the runs: thinning never changes
/// when a version was seen, only which folder holds its page (a kept snapshot that showed
/// it, else what is left of the thinned one that did). So an item's line changes only when
/// it comes, goes, is edited, or a snapshot at one of its ends is thinned.
public struct HistoryItems: Equatable, Sendable {
    /// Kept snapshots in a row that hold the item: from `from` to `to`, or to the latest
    /// snapshot when `to` is `nil`.
    public struct Span: Equatable, Sendable {
        public var from: SnapshotName
        public var to: SnapshotName?

        public init(from: SnapshotName, to: SnapshotName?) {
            self.from = from
            self.to = to
        }
    }

    /// What the history's search shows of an item and finds it by: the item's record as the
    /// live search writes it (a JSON array) and its terms, separated by spaces, as it was
    /// last seen.
    public struct Document: Equatable, Sendable {
        public let record: String
        public let terms: String

        public init(record: String, terms: String) {
            self.record = record
            self.terms = terms
        }
    }

    /// One version of an item: its data as the runs from `from` to `to` saw it.
    public struct Version: Equatable, Sendable {
        /// The item's data in this version (`SnapshotRecord.dataDigest`); `""` when not
        /// known, in a history made before versions were recorded.
        public var data: String
        /// The snapshot that first showed it.
        public var from: SnapshotName
        /// The last snapshot that showed it; `nil` while the latest does.
        public var to: SnapshotName?
        /// The folder that holds its page: a kept snapshot between `from` and `to`, or what
        /// thinning left of a snapshot no kept one stands in for.
        public var holder: SnapshotName

        public init(data: String, from: SnapshotName, to: SnapshotName?, holder: SnapshotName) {
            self.data = data
            self.from = from
            self.to = to
            self.holder = holder
        }
    }

    public struct Item: Equatable, Sendable {
        public let id: UUID
        /// Oldest first; empty once every snapshot that held the item is thinned.
        public var spans: [Span]
        /// Oldest first; never empty.
        public var versions: [Version]
        /// The snapshot that first lacked the item after its last version; `nil` while the
        /// latest snapshot holds it.
        public var gone: SnapshotName?
        /// When the runs first saw the item, as the cache remembered it when the history
        /// first did (the exported data's `first_seen`); `nil` when not known.
        public var firstSeenAt: Date?
        public var document: Document

        public init(id: UUID, spans: [Span], versions: [Version], gone: SnapshotName? = nil, firstSeenAt: Date? = nil, document: Document) {
            self.id = id
            self.spans = spans
            self.versions = versions
            self.gone = gone
            self.firstSeenAt = firstSeenAt
            self.document = document
        }

        /// Whether the latest snapshot holds the item.
        public var isInLatest: Bool { !spans.isEmpty && spans.last?.to == nil }

        /// The first snapshot that showed the item, thinned since or not.
        public var firstSnapshot: SnapshotName? { versions.first?.from }
    }

    /// The kept snapshots the items are counted over, oldest first.
    public private(set) var snapshots: [SnapshotName]
    /// The latest snapshot's items in its order, then the gone items, the most recently gone
    /// first.
    public internal(set) var items: [Item]

    public init(snapshots: [SnapshotName] = [], items: [Item] = []) {
        self.snapshots = snapshots
        self.items = items
    }

    /// Counts in `name`, a snapshot after every one counted, holding `ids` in its feed order,
    /// each item's data as `versions` has it (`SnapshotRecord.dataDigest`) and when the runs
    /// first saw it as `firstSeen` has it, kept from the first time it is given. An item's
    /// document becomes `documents[id]` when given, keeping the words of the versions before
    /// for the search, else stays as it was, else is `fallback(id)`.
    public mutating func add(
        _ name: SnapshotName, ids: [UUID], versions: [UUID: String] = [:], firstSeen: [UUID: Date] = [:], documents: [UUID: Document],
        fallback: (UUID) -> Document
    ) {
        let latest = snapshots.last
        let present = Set(ids)
        var byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var shown: [Item] = []
        var seen = Set<UUID>()
        for id in ids where seen.insert(id).inserted {
            var item = byID.removeValue(forKey: id) ?? Item(id: id, spans: [], versions: [], document: fallback(id))
            if let document = documents[id] { item.document = document.keepingTerms(of: item.document) }
            if !item.isInLatest { item.spans.append(Span(from: name, to: nil)) }
            item.record(versions[id] ?? "", in: name, after: latest)
            if item.firstSeenAt == nil { item.firstSeenAt = firstSeen[id] }
            shown.append(item)
        }
        var justGone: [Item] = []
        var goneBefore: [Item] = []
        for var item in items where !present.contains(item.id) {
            if item.isInLatest, let latest {
                item.spans[item.spans.count - 1].to = latest
                if let last = item.versions.indices.last, item.versions[last].to == nil { item.versions[last].to = latest }
                item.gone = name
                justGone.append(item)
            } else {
                goneBefore.append(item)
            }
        }
        snapshots.append(name)
        items = shown + justGone + goneBefore
    }

    /// Stops counting `name`, a snapshot other than the latest (thinned away): spans that end
    /// there end at their kept neighbour, and two spans it alone kept apart become one. An
    /// item only it held stays, with no span. A version whose page it holds moves to a kept
    /// snapshot that showed the same data, if there is one; else it stays with `name`, and
    /// what thinning leaves of that folder keeps its page (`held(by:)`).
    public mutating func remove(_ name: SnapshotName) {
        guard let at = snapshots.firstIndex(of: name), at < snapshots.count - 1 else { return }
        let before = at > 0 ? snapshots[at - 1] : nil
        let after = snapshots[at + 1]
        snapshots.remove(at: at)
        items = items.map { item in
            var spans: [Span] = []
            for var span in item.spans {
                if span.from == name {
                    if span.to == name { continue }
                    span.from = after
                } else if span.to == name, let before {
                    span.to = before
                }
                if let last = spans.last, last.to == before, span.from == after {
                    spans[spans.count - 1].to = span.to
                } else {
                    spans.append(span)
                }
            }
            var item = item
            item.spans = spans
            for index in item.versions.indices where item.versions[index].holder == name {
                // A kept snapshot that showed the same data, in this version or another.
                let version = item.versions[index]
                let same = item.versions.filter { $0 == version || !version.data.isEmpty && $0.data == version.data }
                if let kept = snapshots.first(where: { kept in same.contains { $0.from <= kept && kept <= ($0.to ?? kept) } }) {
                    item.versions[index].holder = kept
                }
            }
            return item
        }
    }

    /// The latest kept snapshot that holds `item`; once none does, the folder that holds its
    /// last version's page.
    public func lastSeen(_ item: Item) -> SnapshotName? {
        item.spans.last.flatMap { $0.to ?? snapshots.last } ?? item.versions.last?.holder
    }

    /// The items with a version whose page is in the folder of `name`.
    public func held(by name: SnapshotName) -> [Item] {
        items.filter { item in item.versions.contains { $0.holder == name } }
    }

    /// Every folder that holds a version's page but is no kept snapshot: what thinning left.
    public var leftovers: Set<SnapshotName> {
        let kept = Set(snapshots)
        return Set(items.flatMap { $0.versions.map(\.holder) }).subtracting(kept)
    }
}

extension HistoryItems.Item {
    /// Records that snapshot `name` shows the item with `data`, `latest` being the snapshot
    /// before it: the open version goes on when the data is the same (or either is not
    /// known), else ends at `latest` and a new one begins; an item that was gone begins one.
    mutating func record(_ data: String, in name: SnapshotName, after latest: SnapshotName?) {
        gone = nil
        if let last = versions.indices.last, versions[last].to == nil {
            if versions[last].data == data || data.isEmpty { return }
            if versions[last].data.isEmpty {
                versions[last].data = data
                return
            }
            versions[last].to = latest
        }
        versions.append(HistoryItems.Version(data: data, from: name, to: nil, holder: name))
    }
}
