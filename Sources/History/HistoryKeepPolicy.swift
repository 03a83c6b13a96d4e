import Foundation

/// Which snapshots of the history to keep as they pile up, thinned the way backups are: every
/// snapshot of the last days, then the last of each day, then the last of each month.
///
/// A policy is a list of rules, at most one of each kind, and a snapshot is kept when any rule
/// keeps it. Everything is counted in UTC, in days of 24 hours:
///
/// - `every:<N>d` keeps every snapshot less than N days old: one exactly N days old is not
///   kept, one a second younger is.
/// - `hourly`, `daily`, `weekly`, `monthly`, `yearly` with `:<N>d` keep the last snapshot of each
///   UTC hour, day, week (Monday to Sunday, so a week may span two years), month or year whose
///   end is less than N days before now. A bucket's end is the first instant of the next one,
///   so with `daily:60d` the day that ended exactly 60 days ago is not kept, and one that ended
///   a second later is: the rule reaches over today and the 60 days before it. With `:forever`
///   (not for `every` or `hourly`) every bucket counts.
/// - "The last of a bucket" is the greatest name (time, then serial) among the snapshots given
///   that fall in it. Since it is the last among those that exist, thinning what was kept
///   again keeps all of it.
/// - `all` keeps every snapshot, and takes no other rule.
/// - Whatever the rules, the newest snapshot is kept, so a history is never emptied, and so is
///   a snapshot dated after now (a clock set back), which no rule can place.
public struct HistoryKeepPolicy: Sendable, Equatable, CustomStringConvertible {
    /// One rule: which snapshots of a kind it keeps, over how long.
    public struct Rule: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            case every, hourly, daily, weekly, monthly, yearly
        }

        /// How far back a rule reaches: a number of days, or without end.
        public enum Span: Sendable, Equatable {
            case days(Int)
            case forever
        }

        public let kind: Kind
        public let span: Span

        /// The rule as the grammar writes it: `daily:60d`, `monthly:forever`.
        public var text: String {
            switch span {
            case .days(let count): "\(kind.rawValue):\(count)d"
            case .forever: "\(kind.rawValue):forever"
            }
        }
    }

    /// The rules, one of each kind at most, in the order of `Rule.Kind`.
    public let rules: [Rule]

    /// A policy of `rules`, put in the order of their kinds; of two rules of one kind, the first.
    init(rules: [Rule]) {
        self.rules = Rule.Kind.allCases.compactMap { kind in rules.first { $0.kind == kind } }
    }

    /// Every snapshot of the last 2 days, the last of each UTC day for 60 days, the last of
    /// each UTC month after that.
    public static let standard = HistoryKeepPolicy(rules: [
        Rule(kind: .every, span: .days(2)), Rule(kind: .daily, span: .days(60)), Rule(kind: .monthly, span: .forever),
    ])

    /// Keeps every snapshot.
    public static let all = HistoryKeepPolicy(rules: [Rule(kind: .every, span: .forever)])

    /// The policy as `--history-keep` spells it: `all`, or its rules separated by commas.
    public var description: String {
        self == .all ? "all" : rules.map(\.text).joined(separator: ",")
    }

    /// The snapshots this policy keeps at `now`; the newest is always among them.
    public func kept(_ snapshots: [SnapshotName], now: Date) -> Set<SnapshotName> {
        guard let newest = snapshots.max() else { return [] }
        var kept: Set<SnapshotName> = [newest]
        kept.formUnion(snapshots.filter { $0.time > now })
        for rule in rules {
            switch rule.kind {
            case .every: kept.formUnion(snapshots.filter { Self.isWithin(rule.span, instant: $0.time, now: now) })
            default: kept.formUnion(Self.lastOfEachBucket(snapshots, of: rule.kind, within: rule.span, now: now))
            }
        }
        return kept
    }

    /// The snapshots this policy removes at `now`, oldest first.
    public func thinned(_ snapshots: [SnapshotName], now: Date) -> [SnapshotName] {
        Set(snapshots).subtracting(kept(snapshots, now: now)).sorted()
    }

    /// The last snapshot of each bucket whose end is within `span` of `now`.
    private static func lastOfEachBucket(_ snapshots: [SnapshotName], of kind: Rule.Kind, within span: Rule.Span, now: Date) -> [SnapshotName] {
        var last: [Date: (snapshot: SnapshotName, end: Date)] = [:]
        for snapshot in snapshots {
            let bucket = kind.bucket(of: snapshot.time)
            if let current = last[bucket.start], current.snapshot >= snapshot { continue }
            last[bucket.start] = (snapshot, bucket.end)
        }
        return last.values.filter { isWithin(span, instant: $0.end, now: now) }.map(\.snapshot)
    }

    /// Whether `instant` is less than `span` before `now` (anything after `now` is).
    private static func isWithin(_ span: Rule.Span, instant: Date, now: Date) -> Bool {
        switch span {
        case .forever: true
        case .days(let count): now.timeIntervalSince(instant) < TimeInterval(count) * 86_400
        }
    }
}
