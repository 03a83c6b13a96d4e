import Foundation

/// Every item the kept snapshots hold, remembered in the history's `items.jsonl`: where each
/// item is in the history, as spans of snapshots, and what the history's search finds it by.
/// Made anew with each snapshot from the last one, not from the snapshots' own files.
///
/// A span runs over consecutive kept snapshots, so it keeps its ends when a snapshot inside
/// it is thinned away, and an item still in the latest snapshot has an open span that the
/// next snapshot leaves as it is: an item's line changes only when it comes, goes, is
/// edited, or a snapshot at one of its ends is thinned.
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

    public struct Item: Equatable, Sendable {
        public let id: UUID
        /// Oldest first; never empty.
        public var spans: [Span]
        public var document: Document

        public init(id: UUID, spans: [Span], document: Document) {
            self.id = id
            self.spans = spans
            self.document = document
        }

        /// Whether the latest snapshot holds the item.
        public var isInLatest: Bool { spans.last?.to == nil }
    }

    /// The kept snapshots the items are counted over, oldest first.
    public private(set) var snapshots: [SnapshotName]
    /// The latest snapshot's items in its order, then the gone items, the most recently gone
    /// first.
    public private(set) var items: [Item]

    public init(snapshots: [SnapshotName] = [], items: [Item] = []) {
        self.snapshots = snapshots
        self.items = items
    }

    /// Counts in `name`, a snapshot after every one counted, holding `ids` in its feed order.
    /// An item's document becomes `documents[id]` when given, else stays as it was, else is
    /// `fallback(id)`.
    public mutating func add(_ name: SnapshotName, ids: [UUID], documents: [UUID: Document], fallback: (UUID) -> Document) {
        let latest = snapshots.last
        let present = Set(ids)
        var byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var shown: [Item] = []
        var seen = Set<UUID>()
        for id in ids where seen.insert(id).inserted {
            var item = byID.removeValue(forKey: id) ?? Item(id: id, spans: [], document: fallback(id))
            if let document = documents[id] { item.document = document }
            if !item.isInLatest || item.spans.isEmpty { item.spans.append(Span(from: name, to: nil)) }
            shown.append(item)
        }
        var justGone: [Item] = []
        var goneBefore: [Item] = []
        for var item in items where !present.contains(item.id) {
            if item.isInLatest, let latest {
                item.spans[item.spans.count - 1].to = latest
                justGone.append(item)
            } else {
                goneBefore.append(item)
            }
        }
        snapshots.append(name)
        items = shown + justGone + goneBefore
    }

    /// Stops counting `name`, a snapshot other than the latest (thinned away): spans that end
    /// there end at their kept neighbour, two spans it alone kept apart become one, and an
    /// item only it held is dropped.
    public mutating func remove(_ name: SnapshotName) {
        guard let at = snapshots.firstIndex(of: name), at < snapshots.count - 1 else { return }
        let before = at > 0 ? snapshots[at - 1] : nil
        let after = snapshots[at + 1]
        items = items.compactMap { item in
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
            guard !spans.isEmpty else { return nil }
            var item = item
            item.spans = spans
            return item
        }
        snapshots.remove(at: at)
    }

    /// The latest kept snapshot that holds `item`.
    public func lastSeen(_ item: Item) -> SnapshotName? {
        item.spans.last.flatMap { $0.to ?? snapshots.last }
    }
}
