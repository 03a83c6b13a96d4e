import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class FileFeedStoreTests: XCTestCase, FailableFeedStoreSpecs {
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
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileFeedStore(fileURL: folder.appendingPathComponent("feed.json"))

        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: sut)

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    // MARK: - FailableFeedStoreSpecs

    func test_retrieve_deliversFailureOnRetrievalError() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.garbage.write(to: storeURL)

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_retrieve_hasNoSideEffectsOnFailure() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.garbage.write(to: storeURL)

        await assertThatRetrieveHasNoSideEffectsOnFailure(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_insert_deliversErrorOnInsertionError() async throws {
        let blocker = try makeTemporaryFolder(for: self).appendingPathComponent("not-a-folder")
        try CacheFixtures.makeBlockingFile(at: blocker)
        let storeURL = blocker.appendingPathComponent("feed.json")

        await assertThatInsertDeliversErrorOnInsertionError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_insert_hasNoSideEffectsOnInsertionError() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileFeedStore(fileURL: folder.appendingPathComponent("feed.json"))
        let previous = CachedFeed(feed: CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        await insert((previous.feed, previous.timestamp), to: sut, file: #filePath, line: #line)
        try CacheFixtures.makeReadOnly(folder, for: self)

        await assertThatInsertHasNoSideEffectsOnInsertionError(on: sut, previous: previous)
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    func test_delete_deliversErrorOnDeletionError() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.makeFolder(at: storeURL)

        await assertThatDeleteDeliversErrorOnDeletionError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_delete_hasNoSideEffectsOnDeletionError() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.makeFolder(at: storeURL)

        await assertThatDeleteHasNoSideEffectsOnDeletionError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    // MARK: - Files

    func test_retrieve_deliversFailureForACachedImageURLThatIsNotHTTP() async throws {
        let storeURL = try makeStoreURL()
        let hostile = FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "javascript:alert(1)")!)
        try await FileFeedStore(fileURL: storeURL).insert([uniqueImage(), hostile].seen(), timestamp: fixedNow())

        do {
            let cache = try await FileFeedStore(fileURL: storeURL).retrieve()
            XCTFail("expected a read error, got \(String(describing: cache))")
        } catch let CacheError.cannot(operation, entry, reason) {
            XCTAssertEqual(operation, .read)
            XCTAssertEqual(entry, "cache file \(storeURL.path)")
            XCTAssertTrue(reason.contains("not http(s)"), reason)
        }
    }

    func test_retrieve_datesTheItemsOfAFileWrittenBeforeFirstSeenDatesWereKeptByItsTimestamp() async throws {
        let storeURL = try makeStoreURL()
        let savedAt = Date(timeIntervalSinceReferenceDate: 700_000_000)
        try writeFileFromBeforeFirstSeenDates(
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://a.example/x.png","location":"Oslo"}"#, savedAt: savedAt, to: storeURL)

        let cache = try await FileFeedStore(fileURL: storeURL).retrieve()

        let image = FeedImage(
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, description: nil, location: "Oslo", url: URL(string: "https://a.example/x.png")!)
        XCTAssertEqual(cache, CachedFeed(feed: [FeedItem(image: image, firstSeen: savedAt)], timestamp: savedAt))
    }

    func test_insert_writesTheCacheToTheGivenFileCreatingMissingFolders() async throws {
        let storeURL = try makeTemporaryFolder(for: self).appendingPathComponent("a/b/feed.json")
        let sut = FileFeedStore(fileURL: storeURL)

        try await sut.insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())

        XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path))
    }

    func test_retrieve_deliversTheCacheInsertedByAnotherInstance() async throws {
        let storeURL = try makeStoreURL()
        let feed = CacheFixtures.uniqueFeed()
        let timestamp = CacheFixtures.fractionalTimestamp()

        try await FileFeedStore(fileURL: storeURL).insert(feed, timestamp: timestamp)

        await expect(FileFeedStore(fileURL: storeURL), toRetrieve: CachedFeed(feed: feed, timestamp: timestamp))
    }

    func test_delete_removesTheCacheFile() async throws {
        let storeURL = try makeStoreURL()
        let sut = FileFeedStore(fileURL: storeURL)
        try await sut.insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())

        try await sut.deleteCachedFeed()

        XCTAssertFalse(FileManager.default.fileExists(atPath: storeURL.path))
    }

    func test_insert_leavesNoTemporaryFilesBehind() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileFeedStore(fileURL: folder.appendingPathComponent("feed.json"))

        try await sut.insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 1))

        XCTAssertEqual(CacheFixtures.files(under: folder), ["feed.json"])
    }

    func test_insert_deliversErrorOnReadOnlyFolder() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let storeURL = folder.appendingPathComponent("feed.json")
        try CacheFixtures.makeReadOnly(folder, for: self)

        await assertThatInsertDeliversErrorOnInsertionError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
        XCTAssertEqual(CacheFixtures.files(under: folder), [])
    }

    func test_insert_keepsThePreviousCacheFileUnchangedWhenTheNewOneCannotBeEncoded() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let storeURL = folder.appendingPathComponent("feed.json")
        let sut = FileFeedStore(fileURL: storeURL)
        let previous = CachedFeed(feed: CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(previous.feed, timestamp: previous.timestamp)
        let bytesBefore = try Data(contentsOf: storeURL)

        let error = await insert((uniqueFeedItems(), Date(timeIntervalSinceReferenceDate: .infinity)), to: sut)

        assertCacheFileError(error, .write, at: storeURL)
        XCTAssertEqual(try Data(contentsOf: storeURL), bytesBefore)
        XCTAssertEqual(CacheFixtures.files(under: folder), ["feed.json"])
        await expect(sut, toRetrieve: previous)
    }

    func test_delete_keepsTheCacheWhenItsFolderIsReadOnly() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let storeURL = folder.appendingPathComponent("feed.json")
        let sut = FileFeedStore(fileURL: storeURL)
        let previous = CachedFeed(feed: CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(previous.feed, timestamp: previous.timestamp)
        try CacheFixtures.makeReadOnly(folder, for: self)

        let error = await deleteCache(from: sut)

        assertCacheFileError(error, .delete, at: storeURL)
        await expect(sut, toRetrieve: previous)
    }

    // MARK: - First-seen dates

    func test_firstSeenDates_deliversNoneOnEmptyCache() async throws {
        let dates = try await FileFeedStore(fileURL: try makeStoreURL()).firstSeenDates()

        XCTAssertEqual(dates, [:])
    }

    func test_firstSeenDates_deliversTheDatesOfTheInsertedFeedAsRetrieveDoes() async throws {
        let sut = FileFeedStore(fileURL: try makeStoreURL())
        let feed = CacheFixtures.uniqueFeed()
        let repeated = FeedItem(image: feed[0].image, firstSeen: fixedNow())
        try await sut.insert(feed + [repeated], timestamp: CacheFixtures.fractionalTimestamp())

        let dates = try await sut.firstSeenDates()

        XCTAssertEqual(dates, Dictionary(uniqueKeysWithValues: feed.map { ($0.image.id, $0.firstSeen) }), "the first listing of an id counts")
    }

    func test_firstSeenDates_datesAFileWrittenBeforeFirstSeenDatesWereKeptByItsTimestamp() async throws {
        let storeURL = try makeStoreURL()
        let savedAt = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
        try writeFileFromBeforeFirstSeenDates(#"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://a.example/x.png"}"#, savedAt: savedAt, to: storeURL)

        let dates = try await FileFeedStore(fileURL: storeURL).firstSeenDates()

        XCTAssertEqual(dates, [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: savedAt])
    }

    func test_firstSeenDates_deliversFailureOnTruncatedCacheFile() async throws {
        let storeURL = try await makeTruncatedCacheFile()

        do {
            let dates = try await FileFeedStore(fileURL: storeURL).firstSeenDates()
            XCTFail("expected a read error, got \(dates)")
        } catch {
            assertCacheFileError(error, .read, at: storeURL)
        }
    }

    func test_retrieve_deliversFailureOnTruncatedCacheFile() async throws {
        let storeURL = try await makeTruncatedCacheFile()

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_retrieve_deliversFailureOnEmptyCacheFile() async throws {
        let storeURL = try makeStoreURL()
        try Data().write(to: storeURL)

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_retrieve_deliversFailureWhenTheCachePathIsAFolder() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.makeFolder(at: storeURL)

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: FileFeedStore(fileURL: storeURL), failingFile: storeURL)
    }

    func test_insert_afterFailedRetrievalReplacesTheCorruptFile() async throws {
        let storeURL = try makeStoreURL()
        try CacheFixtures.garbage.write(to: storeURL)
        let sut = FileFeedStore(fileURL: storeURL)
        let feed = CacheFixtures.uniqueFeed()
        let timestamp = CacheFixtures.fractionalTimestamp()

        try await sut.insert(feed, timestamp: timestamp)

        await expect(sut, toRetrieve: CachedFeed(feed: feed, timestamp: timestamp))
    }

    // MARK: - Helpers

    private func makeSUT() throws -> FeedStore {
        FileFeedStore(fileURL: try makeStoreURL())
    }

    private func makeStoreURL() throws -> URL {
        try makeTemporaryFolder(for: self).appendingPathComponent("feed.json")
    }

    /// A cache file cut in half, as a killed writer without atomic writes would leave it.
    private func makeTruncatedCacheFile() async throws -> URL {
        let storeURL = try makeStoreURL()
        try await FileFeedStore(fileURL: storeURL).insert(CacheFixtures.uniqueFeed(), timestamp: CacheFixtures.fractionalTimestamp())
        let bytes = try Data(contentsOf: storeURL)
        try bytes.prefix(bytes.count / 2).write(to: storeURL)
        return storeURL
    }

    /// A feed file as feedsite wrote it before first-seen dates were kept: `line` its only
    /// image, saved at `savedAt` (whole or half seconds, written exactly).
    private func writeFileFromBeforeFirstSeenDates(_ line: String, savedAt: Date, to storeURL: URL) throws {
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"timestamp\":\(savedAt.timeIntervalSinceReferenceDate),\"value\":[\n\(line)]}\n".utf8).write(to: storeURL)
    }
}
