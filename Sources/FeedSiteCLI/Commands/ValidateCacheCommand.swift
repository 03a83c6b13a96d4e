import Basics
import FeedCore
import FeedStorage
import FileSystem
import Foundation

/// `feedsite validate-cache`: sweeps temporary files a killed run left, opens the cache's
/// database (setting a damaged one aside, taking over a cache of the earlier layout),
/// deletes the cached feed when it is expired or unreadable (keeps it when valid or empty),
/// then prunes the comments and images no feed of the last seven days needs, and says what
/// it did.
struct ValidateCacheCommand {
    let cacheFolder: URL
    /// The run's clock, for the cache's age.
    let now: Date
    /// The time the command started, for the lock.
    let startedAt: Date
    /// Lists every file removed, and the number of rows in each table.
    var verbose = false
    let console: Console

    func run() async -> CommandEnding {
        let now = self.now
        // Before the lock file is made: a folder that is not a cache is left as it is.
        do {
            _ = try CacheFolder.check(cacheFolder)
        } catch {
            return CommandEnding(status: .refusedOrFailed(error.isUsage), lines: [.error("\(error)")])
        }
        let lock: RunLock
        do {
            lock = try RunLock.acquire(cacheFolder.appendingPathComponent(CacheFolder.lockFileName), startedAt: startedAt)
        } catch {
            return .failed("\(error)")
        }
        defer { lock.markFinished() }
        let temporary = CacheJanitor.removeTemporaryFiles(in: cacheFolder)
        if temporary > 0 {
            console.output("cache \(cacheFolder.path): removed \(temporary) temporary file\(temporary == 1 ? "" : "s") an interrupted run left")
        }
        let cache: CacheDatabase
        do {
            let opening = try CacheDatabase.open(folder: cacheFolder, now: now)
            for line in opening.lines { line.isWarning ? console.warning(line.text) : console.output(line.text) }
            cache = opening.database
        } catch {
            if case let .refused(refusal) = error {
                return CommandEnding(status: .refusedOrFailed(refusal.isUsage), lines: [.error("\(refusal)")])
            }
            return .failed("cannot open the cache: \(error)")
        }
        let loader = LocalFeedLoader(store: SQLiteFeedStore(cache), now: { now })
        let kept: Bool
        let name = "feed cache in \(cache.path)"
        do {
            switch try await loader.validateCache() {
            case .empty:
                console.output("\(name): empty, nothing to do")
                kept = false
            case let .kept(savedAt):
                console.output("\(name): valid (saved \(ISO8601Date.format(savedAt))), kept")
                kept = true
            case let .deletedExpired(savedAt):
                console.output("\(name): expired (saved \(ISO8601Date.format(savedAt)), seven days old or more), deleted")
                kept = false
            case let .deletedUnreadable(reason):
                console.output("\(name): unreadable (\(reason)), deleted")
                kept = false
            }
        } catch {
            return .failed("cannot validate the feed cache: \(error)")
        }
        let status = prune(cache, keepingTheCachedFeedsImages: kept)
        if verbose, status == .done {
            do {
                for (table, rows) in try cache.tableCounts() { console.output("table \(table): \(rows) row\(rows == 1 ? "" : "s")") }
            } catch {
                return .failed("cannot count the rows of the cache's tables: \(error)")
            }
        }
        return status
    }

    /// Prunes the comments and the images, keeping every image of the cached feed, if asked.
    private func prune(_ cache: CacheDatabase, keepingTheCachedFeedsImages keep: Bool) -> CommandEnding {
        // Pruning reads no file's times; the start of the command stands for the file clock.
        let startedAt = self.startedAt
        let imageStore = SQLiteImageStore(cache, folder: cacheFolder.appendingPathComponent("images"), now: now, fileClock: { startedAt })
        do {
            let cachedFeed = keep ? try cache.cachedFeedImages() : nil
            let prune = try CachePrune.run(cache: cache, images: (imageStore, cachedFeed), now: now)
            guard !prune.isEmpty else {
                console.output(
                    "cache \(cacheFolder.path): nothing to prune; all comments were saved less than seven days ago and every image is referred to by a feed of the last seven days"
                )
                return .done
            }
            console.output("cache \(cacheFolder.path): removed \(prune.description)")
            if verbose {
                for file in prune.files { console.output("removed \(file.path) (\(ByteCountText.approximately(file.byteCount)))") }
            }
            return .done
        } catch {
            return .failed("cannot prune the cache: \(error)")
        }
    }
}
