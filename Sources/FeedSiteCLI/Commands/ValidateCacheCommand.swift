import FeedCore
import FeedStorage
import Foundation

/// `feedsite validate-cache`: deletes the feed cache when it is expired or unreadable,
/// keeps it when valid or empty, and says which.
struct ValidateCacheCommand {
    let cacheFolder: URL
    /// The run's clock, for the cache's age.
    let now: Date
    /// The time the command started, for the lock.
    let startedAt: Date
    let console: Console

    func run() async -> ExitCode {
        let file = cacheFolder.appendingPathComponent("feed.json")
        let now = self.now
        let lock: RunLock
        do {
            lock = try RunLock.acquire(cacheFolder.appendingPathComponent(".lock"), startedAt: startedAt)
        } catch {
            console.error("\(error)")
            return .failure
        }
        defer { lock.markFinished() }
        CacheJanitor.removeTemporaryFiles(in: cacheFolder)
        let loader = LocalFeedLoader(store: FileFeedStore(fileURL: file), now: { now })
        do {
            switch try await loader.validateCache() {
            case .empty:
                console.output("feed cache \(file.path): empty, nothing to do")
            case let .kept(savedAt):
                console.output("feed cache \(file.path): valid (saved \(ISO8601Date.format(savedAt))), kept")
            case let .deletedExpired(savedAt):
                console.output("feed cache \(file.path): expired (saved \(ISO8601Date.format(savedAt)), seven days old or more), deleted")
            case let .deletedUnreadable(reason):
                console.output("feed cache \(file.path): unreadable (\(reason)), deleted")
            }
            return .success
        } catch {
            console.error("cannot validate the feed cache: \(error)")
            return .failure
        }
    }
}
