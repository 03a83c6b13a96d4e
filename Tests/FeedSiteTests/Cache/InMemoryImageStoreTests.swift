import FeedCore
import Foundation
import TestSupport
import XCTest

final class InMemoryImageStoreTests: XCTestCase, ImageStoreSpecs {
    func test_retrieve_deliversEmptyOnEmptyCache() async throws {
        await assertThatRetrieveDeliversEmptyOnEmptyCache(on: makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: makeSUT())
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws {
        await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: makeSUT())
    }

    func test_retrieve_deliversEmptyForAnotherURL() async throws {
        await assertThatRetrieveDeliversEmptyForAnotherURL(on: makeSUT())
    }

    func test_retrieve_deliversTheImageOfAURLWithQueryAndPercentEncoding() async throws {
        await assertThatRetrieveDeliversTheImageOfAURLWithQueryAndPercentEncoding(on: makeSUT())
    }

    func test_insert_deliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes() async throws {
        await assertThatInsertDeliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes(on: makeSUT())
    }

    func test_insert_detectsTheImageFormatFromItsBytes() async throws {
        await assertThatInsertDetectsTheImageFormatFromItsBytes(on: makeSUT())
    }

    func test_insert_readsTheImageDimensionsFromItsHeader() async throws {
        await assertThatInsertReadsTheImageDimensionsFromItsHeader(on: makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedDataForTheSameURL() async throws {
        await assertThatInsertOverridesPreviouslyInsertedDataForTheSameURL(on: makeSUT())
    }

    func test_insert_identicalBytesForTwoURLsAreOneStoredImage() async throws {
        await assertThatInsertIdenticalBytesForTwoURLsAreOneStoredImage(on: makeSUT())
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: makeSUT())
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: makeSUT())
    }

    func test_delete_keepsAnotherURLWithIdenticalBytes() async throws {
        await assertThatDeleteKeepsAnotherURLWithIdenticalBytes(on: makeSUT())
    }

    func test_export_writesTheStoredBytesAtTheDestination() async throws {
        await assertThatExportWritesTheStoredBytesAtTheDestination(on: makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_twiceToTheSameDestinationDoesNotFail() async throws {
        await assertThatExportTwiceToTheSameDestinationDoesNotFail(on: makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_replacesOtherBytesAtTheDestination() async throws {
        await assertThatExportReplacesOtherBytesAtTheDestination(on: makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_deliversErrorForAnImageThatIsNotStored() async throws {
        await assertThatExportDeliversErrorForAnImageThatIsNotStored(on: makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: makeSUT())
    }

    func test_insert_storesIdenticalBytesOnce() async throws {
        let sut = InMemoryImageStore()
        let data = CacheFixtures.pngBytes()

        _ = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        _ = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        _ = try await sut.insert(CacheFixtures.jpegBytes(), for: CacheFixtures.uniqueImageURL())

        let blobCount = await sut.blobCount
        XCTAssertEqual(blobCount, 2)
    }

    // MARK: - Helpers

    private func makeSUT() -> any ImageStore {
        InMemoryImageStore()
    }
}
