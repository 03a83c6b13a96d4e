import Foundation
import History
import FeedCore

/// What a run's steps work with, by role. A real run gives the network, the cache's
/// database and a staging folder (`RunContext`); a test gives stubs and memory.
struct RunRoles: Sendable {
    /// The loading rules over the HTTP client and the three stores.
    let service: FeedService
    /// Each step's writes to the cache as one transaction.
    let cache: any CacheBatches
    /// The pictures' renditions kept between runs.
    let renditions: any RenditionCache
    let site: any StagingSite
    /// The templates and one renderer per locale.
    let setup: SiteSetup
    let report: RunReport
    /// What the network has cost so far; `nil` for an offline run.
    let network: (@Sendable () async -> NetworkStatistics)?
    /// With `--history`, the snapshot being made beside the live site; `nil` without it, or
    /// when the run's clock is before the latest snapshot's.
    var snapshot: (any SnapshotMaking)? = nil
    /// With `--history`, the history the run's snapshot goes into; `nil` without it.
    var history: (any HistoryKeeping)? = nil
    /// With `--history`, why the latest snapshot could not be read: the live site is made
    /// and published all the same, the history left as it is, and the run fails after.
    var historyUnreadable: SnapshotFile.ReadError? = nil
}
