import FeedCore
import Foundation
import TestSupport
import XCTest

/// `LocalFeedLoader.dated`: when feedsite first saw each item of a freshly loaded feed,
/// carried across runs by the feed cache.
final class DateFeedItemsUseCaseTests: XCTestCase {
    func test_dated_datesEveryItemNowOnAnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()
        let feed = uniqueImageFeed(count: 3)

        let items = await sut.dated(feed)

        XCTAssertEqual(items, feed.seen(at: fixedNow()))
    }

    func test_dated_keepsTheFirstSeenDateOfAnItemTheCachedFeedHolds() async {
        let (sut, store) = makeSUT()
        let kept = uniqueImage()
        let firstSeen = fixedNow().adding(days: -2)
        store.completeRetrieval(with: [kept].seen(at: firstSeen), timestamp: fixedNow().adding(days: -1))

        let items = await sut.dated([uniqueImage(), kept])

        XCTAssertEqual(items.map(\.firstSeen), [fixedNow(), firstSeen])
    }

    func test_dated_keepsTheDateWhenTheItemsTextChanged() async {
        let (sut, store) = makeSUT()
        let before = uniqueImage(description: "old", location: nil)
        let after = FeedImage(id: before.id, description: "new", location: "Oslo", url: before.url)
        let firstSeen = fixedNow().adding(days: -4)
        store.completeRetrieval(with: [before].seen(at: firstSeen), timestamp: fixedNow().adding(days: -1))

        let items = await sut.dated([after])

        XCTAssertEqual(items, [FeedItem(image: after, firstSeen: firstSeen)])
    }

    func test_dated_usesTheDatesOfACacheSevenDaysOldOrMore() async {
        let (sut, store) = makeSUT()
        let image = uniqueImage()
        let firstSeen = fixedNow().adding(days: -30)
        store.completeRetrieval(with: [image].seen(at: firstSeen), timestamp: fixedNow().minusCacheMaxAge().adding(seconds: -1))

        let items = await sut.dated([image])

        XCTAssertEqual(items.map(\.firstSeen), [firstSeen], "an old cache still says when the item was first seen")
    }

    func test_dated_datesEveryItemNowWhenTheCacheCannotBeRead() async {
        let (sut, store) = makeSUT()
        store.completeRetrieval(with: anyCacheError())
        let feed = uniqueImageFeed()

        let items = await sut.dated(feed)

        XCTAssertEqual(items, feed.seen(at: fixedNow()))
    }

    func test_dated_neverDatesAnItemLaterThanNow() async {
        let (sut, store) = makeSUT()
        let image = uniqueImage()
        store.completeRetrieval(with: [image].seen(at: fixedNow().adding(days: 1)), timestamp: fixedNow())

        let items = await sut.dated([image])

        XCTAssertEqual(items.map(\.firstSeen), [fixedNow()], "a clock set back (--now) does not date an item in the future")
    }

    func test_datedThenSaved_givesAnItemThatLeftTheFeedAndCameBackANewDate() async throws {
        let store = InMemoryFeedStore()
        let item = uniqueImage()
        let dayOne = fixedNow()
        let dayTwo = dayOne.adding(days: 1)
        let dayThree = dayOne.adding(days: 2)

        try await save([item], on: store, at: dayOne)
        try await save([uniqueImage()], on: store, at: dayTwo)
        let back = try await save([item], on: store, at: dayThree)

        XCTAssertEqual(back.map(\.firstSeen), [dayThree])
    }

    func test_datedThenSaved_keepsTheFirstDateOfAnItemSeenInEveryRunSince() async throws {
        let store = InMemoryFeedStore()
        let item = uniqueImage()
        let dayOne = fixedNow()

        try await save([item], on: store, at: dayOne)
        try await save([uniqueImage(), item], on: store, at: dayOne.adding(days: 1))
        let later = try await save([item, uniqueImage()], on: store, at: dayOne.adding(days: 2))

        XCTAssertEqual(later.map(\.firstSeen), [dayOne, dayOne.adding(days: 2)])
        let cached = await store.retrieve()
        XCTAssertEqual(cached?.feed, later)
    }

    // MARK: - Helpers

    private func makeSUT() -> (sut: LocalFeedLoader, store: CacheFeedStoreSpy) {
        let store = CacheFeedStoreSpy()
        return (LocalFeedLoader(store: store, now: { fixedNow() }), store)
    }

    /// One run's feed cache work: `feed` dated and saved at `now`.
    @discardableResult
    private func save(_ feed: [FeedImage], on store: InMemoryFeedStore, at now: Date) async throws -> [FeedItem] {
        let sut = LocalFeedLoader(store: store, now: { now })
        let items = await sut.dated(feed)
        try await sut.save(items)
        return items
    }
}
