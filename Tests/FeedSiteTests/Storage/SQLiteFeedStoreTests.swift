import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedStorage

final class SQLiteFeedStoreTests: XCTestCase, FailableFeedStoreSpecs {
    // MARK: - FeedStoreSpecs

    func test_retrieve_deliversEmptyOnEmptyCache() async throws {
        await assertThatRetrieveDeliversEmptyOnEmptyCache(on: try makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: try makeSUT())
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws {
        await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: try makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: try makeSUT())
    }

    func test_retrieve_deliversASavedEmptyFeedRatherThanAnEmptyCache() async throws {
        await assertThatRetrieveDeliversASavedEmptyFeedRatherThanAnEmptyCache(on: try makeSUT())
    }

    func test_insert_deliversNoErrorOnEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnEmptyCache(on: try makeSUT())
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnNonEmptyCache(on: try makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() async throws {
        await assertThatInsertOverridesPreviouslyInsertedCacheValues(on: try makeSUT())
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: try makeSUT())
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: try makeSUT())
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: try makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: try makeSUT())
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: try makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: try makeSUT())
    }

    // MARK: - FailableFeedStoreSpecs

    func test_retrieve_deliversFailureOnRetrievalError() async throws {
        let cache = try makeCacheHoldingAnItemWithABadID()

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: SQLiteFeedStore(cache), failingEntry: entryName(of: cache))
    }

    func test_retrieve_hasNoSideEffectsOnFailure() async throws {
        let cache = try makeCacheHoldingAnItemWithABadID()

        await assertThatRetrieveHasNoSideEffectsOnFailure(on: SQLiteFeedStore(cache), failingEntry: entryName(of: cache), contents: cache.dump)
    }

    func test_insert_deliversErrorOnInsertionError() async throws {
        let cache = try makeCache(for: self).cache
        try cache.refuse("INSERT", on: "feed")

        await assertThatInsertDeliversErrorOnInsertionError(on: SQLiteFeedStore(cache), failingEntry: entryName(of: cache))
    }

    /// Refused at its last row, the save time: the items replaced before it come back too.
    func test_insert_hasNoSideEffectsOnInsertionError() async throws {
        let (sut, cache, previous) = try makeSUTHoldingAFeed()
        try cache.refuse("INSERT", on: "feed")

        await assertThatInsertHasNoSideEffectsOnInsertionError(on: sut, previous: previous)
    }

    func test_delete_deliversErrorOnDeletionError() async throws {
        let (sut, cache, _) = try makeSUTHoldingAFeed()
        try cache.refuse("DELETE", on: "feed")

        await assertThatDeleteDeliversErrorOnDeletionError(on: sut, failingEntry: entryName(of: cache), operation: .write)
    }

    /// Refused at its last row, the save time: the items deleted before it come back too.
    func test_delete_hasNoSideEffectsOnDeletionError() async throws {
        let (sut, cache, previous) = try makeSUTHoldingAFeed()
        try cache.refuse("DELETE", on: "feed")

        await assertThatDeleteHasNoSideEffectsOnDeletionError(on: sut, previous: previous)
    }

    // MARK: - The database

    func test_retrieve_deliversFailureNamingTheDatabaseForACachedImageURLThatIsNotHTTP() async throws {
        let cache = try makeCache(for: self).cache
        let hostile = FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "javascript:alert(1)")!)
        try SQLiteFeedStore(cache).insert([uniqueImage(), hostile].seen(), timestamp: fixedNow())

        let error = await retrieveError(from: SQLiteFeedStore(cache))

        XCTAssertEqual(
            error,
            .cannot(.read, "cache database \(cache.path)", reason: "the cached feed holds an image URL that is not http(s): javascript:alert(1)"))
    }

    func test_retrieve_deliversFailureSayingWhichIDIsNotAUUID() async throws {
        let cache = try makeCacheHoldingAnItemWithABadID()

        let error = await retrieveError(from: SQLiteFeedStore(cache))

        XCTAssertEqual(
            error,
            .cannot(.read, "cache database \(cache.path)", reason: "the cached feed holds an item whose id is not a UUID: not-a-uuid"))
    }

    func test_retrieve_deliversTheFeedInsertedBeforeTheDatabaseWasClosedAndOpenedAgain() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = CacheFixtures.uniqueFeed()
        let timestamp = CacheFixtures.fractionalTimestamp()
        do {
            try SQLiteFeedStore(try openCache(in: folder)).insert(feed, timestamp: timestamp)
        }

        await expect(SQLiteFeedStore(try openCache(in: folder)), toRetrieve: CachedFeed(feed: feed, timestamp: timestamp))
    }

    func test_insert_keepsTheItemsInFeedOrderWithTheSameImageListedTwice() async throws {
        let sut = try makeSUT()
        let feed = uniqueFeedItems(count: 5)
        let listedAgain = [feed[3], feed[0]] + feed

        try sut.insert(listedAgain, timestamp: fixedNow())

        await expect(sut, toRetrieve: CachedFeed(feed: listedAgain, timestamp: fixedNow()))
    }

    // MARK: - First-seen dates

    func test_firstSeenDates_deliversNoneOnEmptyCache() async throws {
        let dates = try await firstSeenDates(in: SQLiteFeedStore(try makeCache(for: self).cache))

        XCTAssertEqual(dates, [:])
    }

    func test_firstSeenDates_deliversTheDatesRetrieveDeliversTheFirstListingOfAnIDCounting() async throws {
        let sut = try makeSUT()
        let feed = CacheFixtures.uniqueFeed()
        let listedAgain = FeedItem(image: feed[0].image, firstSeen: fixedNow())
        try sut.insert(feed + [listedAgain], timestamp: CacheFixtures.fractionalTimestamp())

        let dates = try await firstSeenDates(in: sut)
        let retrieved = try sut.retrieve()

        XCTAssertEqual(dates, Dictionary(uniqueKeysWithValues: feed.map { ($0.image.id, $0.firstSeen) }))
        XCTAssertEqual(dates, [UUID: Date](firstSeen: (retrieved?.feed ?? []).map { ($0.image.id, $0.firstSeen) }))
    }

    func test_firstSeenDates_deliversNoneAfterTheFeedIsDeleted() async throws {
        let (sut, _, _) = try makeSUTHoldingAFeed()

        try sut.deleteCachedFeed()

        let dates = try await firstSeenDates(in: sut)
        XCTAssertEqual(dates, [:])
    }

    // MARK: - The saved timestamp

    func test_retrieveTimestamp_deliversNoneOnEmptyCache() async throws {
        let timestamp = try await retrieveTimestamp(from: try makeSUT())

        XCTAssertNil(timestamp)
    }

    func test_retrieveTimestamp_deliversTheTimestampRetrieveDelivers() async throws {
        let sut = try makeSUT()
        let timestamp = CacheFixtures.fractionalTimestamp()
        try sut.insert(CacheFixtures.uniqueFeed(), timestamp: timestamp)

        let delivered = try await retrieveTimestamp(from: sut)

        XCTAssertEqual(delivered, timestamp)
        XCTAssertEqual(delivered, try sut.retrieve()?.timestamp)
    }

    func test_retrieveTimestamp_deliversTheFailureRetrieveDeliversForAnItemThatDoesNotReadBack() async throws {
        let cache = try makeCacheHoldingAnItemWithABadID()
        let retrieveFailure = await retrieveError(from: SQLiteFeedStore(cache))

        do {
            _ = try await retrieveTimestamp(from: SQLiteFeedStore(cache))
            XCTFail("Expected the bad id to fail")
        } catch {
            XCTAssertEqual(error as? CacheError, retrieveFailure)
            XCTAssertNotNil(retrieveFailure)
        }
    }

    // MARK: - Helpers

    /// Asked through the protocol, as `firstSeenDates(in:)` is.
    private func retrieveTimestamp(from store: FeedStore) async throws -> Date? {
        try await store.retrieveTimestamp()
    }

    /// Asked as a run asks, through the protocol: from async code, a call on the concrete
    /// type would pick the protocol's default, built from `retrieve`, instead of the store's.
    private func firstSeenDates(in store: FeedStore) async throws -> [UUID: Date] {
        try await store.firstSeenDates()
    }

    private func makeSUT() throws -> SQLiteFeedStore {
        SQLiteFeedStore(try makeCache(for: self).cache)
    }

    private func makeSUTHoldingAFeed() throws -> (sut: SQLiteFeedStore, cache: CacheDatabase, previous: CachedFeed) {
        let cache = try makeCache(for: self).cache
        let sut = SQLiteFeedStore(cache)
        let previous = CachedFeed(feed: CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        try sut.insert(previous.feed, timestamp: previous.timestamp)
        return (sut, cache, previous)
    }

    /// A saved feed whose first item's id was edited by hand into something that is no UUID.
    private func makeCacheHoldingAnItemWithABadID() throws -> CacheDatabase {
        let cache = try makeCache(for: self).cache
        try SQLiteFeedStore(cache).insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        try cache.execute("UPDATE feed_items SET id = 'not-a-uuid' WHERE position = 0")
        return cache
    }
}
