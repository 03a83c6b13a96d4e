/// How a page stands to the site's history (`--history`).
public enum HistoryMode: Sendable, Equatable {
    /// A page of the live site: it links the calendar of snapshots.
    case live
    /// A page of a snapshot, under `history/<name>/`: it carries the snapshot's bar.
    case archived
}
