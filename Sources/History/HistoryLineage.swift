import Foundation

/// What each kept snapshot changed since the kept snapshot before it. A snapshot's own
/// facts compare it with the snapshot that was latest when it was made; once thinning has
/// removed that one, the calendar compares it with the one before it now, worked out from
/// both snapshots' items once and then remembered in the history's `changes.jsonl`.
public enum HistoryLineage {
    /// The history's file of facts worked out after thinning.
    public static let fileName = "changes.jsonl"

    /// The facts of `kept` (oldest first), each against the one before it in `kept`:
    /// `remembered` (from `changes.jsonl`) or `own` (each snapshot's first line) when they
    /// compare with that one, else worked out from the items `records` reads.
    public static func facts(
        of kept: [SnapshotName], own: [SnapshotName: SnapshotFacts], remembered: [SnapshotFacts],
        records: (SnapshotName) throws -> [SnapshotRecord]
    ) throws -> [SnapshotFacts] {
        let memory = Dictionary(remembered.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var facts: [SnapshotFacts] = []
        for (index, name) in kept.enumerated() {
            let before = index > 0 ? kept[index - 1] : nil
            let candidates = [memory[name], own[name]].compactMap { $0 }
            if let known = candidates.first(where: { $0.previous == before }), before != nil || !candidates.contains(where: \.thinnedAway) {
                facts.append(known)
                continue
            }
            // The oldest kept snapshot that was not the first: nothing to count its changes
            // against, and it added nothing.
            if before == nil, let known = candidates.first(where: \.thinnedAway) {
                facts.append(known.oldestKept)
                continue
            }
            let items = try records(name)
            let summary = SnapshotChanges(from: try before.map(records) ?? [], to: items).summary
            facts.append(SnapshotFacts(name: name, previous: before, items: items.count, summary: summary))
        }
        return facts
    }
}

extension SnapshotFacts {
    /// Whether the facts tell of a snapshot made before this one, since thinned away.
    fileprivate var thinnedAway: Bool { previous != nil || earlierThinned }
}
