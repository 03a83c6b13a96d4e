import FeedCore
import Foundation
import TestSupport
import XCTest

final class InMemoryCommentsStoreTests: XCTestCase, CommentsStoreSpecs {
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

    func test_retrieve_deliversEmptyForAnImageWithoutSavedComments() async throws {
        await assertThatRetrieveDeliversEmptyForAnImageWithoutSavedComments(on: makeSUT())
    }

    func test_retrieve_deliversTheValidatorsSavedWithTheComments() async throws {
        await assertThatRetrieveDeliversTheValidatorsSavedWithTheComments(on: makeSUT())
    }

    func test_insert_deliversNoErrorOnEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnEmptyCache(on: makeSUT())
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnNonEmptyCache(on: makeSUT())
    }

    func test_refresh_stampsTheSavedCommentsWithItsTimeAndValidators_andLeavesThemAsTheyAre() async throws {
        await assertThatRefreshStampsTheSavedComments(on: makeSUT())
    }

    func test_refresh_ofAnImageWithoutSavedComments_savesNothing() async throws {
        await assertThatRefreshOfAnImageWithoutSavedCommentsSavesNothing(on: makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() async throws {
        await assertThatInsertOverridesPreviouslyInsertedCacheValues(on: makeSUT())
    }

    func test_insert_doesNotAffectAnotherImage() async throws {
        await assertThatInsertDoesNotAffectAnotherImage(on: makeSUT())
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: makeSUT())
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: makeSUT())
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: makeSUT())
    }

    func test_delete_doesNotAffectAnotherImage() async throws {
        await assertThatDeleteDoesNotAffectAnotherImage(on: makeSUT())
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersForDifferentImagesKeepEveryImagesComments() async throws {
        await assertThatSideEffectsFromConcurrentCallersForDifferentImagesKeepEveryImagesComments(on: makeSUT())
    }

    // MARK: - Helpers

    private func makeSUT() -> CommentsStore {
        InMemoryCommentsStore()
    }
}
