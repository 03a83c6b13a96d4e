import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedStorage

/// Reads inside a batch: they begin the batch's one transaction, which a later write goes on
/// in and which the batch ends.
final class CacheDatabaseBatchReadTests: XCTestCase {
    func test_batch_aReadBeginsItsTransaction_aWriteAfterItGoesOnInIt_andTheBatchCommitsBoth() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = uniqueFeedItems()
        var seen: [(cached: CachedFeed?, inTransaction: Bool)] = []
        do {
            let cache = try openCache(in: folder)
            let store = SQLiteFeedStore(cache)
            try await cache.batch {
                seen.append((try store.retrieve(), try Self.isInTransaction(cache)))
                try store.insert(feed, timestamp: fixedNow())
                seen.append((try store.retrieve(), try Self.isInTransaction(cache)))
            }
            XCTAssertFalse(try Self.isInTransaction(cache), "the batch ended its transaction")
        }

        XCTAssertEqual(seen.map(\.cached), [nil, CachedFeed(feed: feed, timestamp: fixedNow())], "the batch reads its own write")
        XCTAssertEqual(seen.map(\.inTransaction), [true, true])
        XCTAssertEqual(try SQLiteFeedStore(try openCache(in: folder)).retrieve(), CachedFeed(feed: feed, timestamp: fixedNow()))
    }

    func test_batch_thatOnlyReads_endsItsTransaction() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = try openCache(in: folder)

        let during = try await cache.batch {
            _ = try SQLiteFeedStore(cache).retrieve()
            return try Self.isInTransaction(cache)
        }

        XCTAssertTrue(during)
        XCTAssertFalse(try Self.isInTransaction(cache))
    }

    private static func isInTransaction(_ cache: CacheDatabase) throws -> Bool {
        try cache.read { $0.database.isInTransaction }
    }
}
