import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

/// What the cache keeps and what it may remove: `CacheRetention` and
/// `ImageReferences`, pure.
final class PruneCacheUseCaseTests: XCTestCase {
    /// On the hour, so the record's whole hours hold it exactly.
    private let hour = Date(timeIntervalSince1970: 1_716_202_800)

    // MARK: - Comments

    func test_prune_keepsCommentsSavedSevenDaysMinusOneSecondAgo() {
        let now = fixedNow()

        XCTAssertTrue(CacheRetention.keepsComments(savedAt: now.minusCacheMaxAge().adding(seconds: 1), now: now))
    }

    func test_prune_removesCommentsSavedSevenDaysAgoOrMore() {
        let now = fixedNow()

        XCTAssertFalse(CacheRetention.keepsComments(savedAt: now.minusCacheMaxAge(), now: now))
        XCTAssertFalse(CacheRetention.keepsComments(savedAt: now.minusCacheMaxAge().adding(seconds: -1), now: now))
    }

    // MARK: - Images

    func test_prune_keepsAnImageLastReferredToSevenDaysMinusOneSecondAgo() {
        let blob = digest(1)
        let record = references([blob: hour])

        let plan = CacheRetention.plan(record: record, stored: [blob], cachedFeed: nil, now: hour.adding(days: 7).adding(seconds: -1))

        XCTAssertEqual(plan.remove, [])
        XCTAssertEqual(plan.record, record)
    }

    func test_prune_removesAnImageLastReferredToExactlySevenDaysAgo() {
        let blob = digest(1)

        let plan = CacheRetention.plan(record: references([blob: hour]), stored: [blob], cachedFeed: nil, now: hour.adding(days: 7))

        XCTAssertEqual(plan.remove, [blob])
        XCTAssertEqual(plan.record, ImageReferences(), "the record forgets what it removes")
    }

    func test_prune_alwaysKeepsTheCachedFeedsImagesAndRecordsThemAtItsSaveTime() {
        let (old, shown) = (digest(1), digest(2))
        let savedAt = hour.adding(days: 3)

        let plan = CacheRetention.plan(
            record: references([old: hour, shown: hour]), stored: [old, shown],
            cachedFeed: .init(blobs: [shown], savedAt: savedAt), now: hour.adding(days: 20))

        XCTAssertEqual(plan.remove, [old])
        XCTAssertEqual(plan.record, references([shown: savedAt]))
    }

    func test_prune_countsAnImageTheRecordDoesNotKnowAsReferredToNow() {
        let (known, unknown) = (digest(1), digest(2))
        let now = hour.adding(days: 10)

        let plan = CacheRetention.plan(record: references([known: hour]), stored: [known, unknown], cachedFeed: nil, now: now)

        XCTAssertEqual(plan.remove, [known])
        XCTAssertEqual(plan.record, references([unknown: now]))
    }

    func test_prune_removesNoImageOfACacheWithoutARecord() {
        let stored = [digest(1), digest(2)]
        let now = hour.adding(days: 30)

        let plan = CacheRetention.plan(record: nil, stored: stored, cachedFeed: nil, now: now)

        XCTAssertEqual(plan.remove, [])
        XCTAssertEqual(plan.record, references([stored[0]: now, stored[1]: now]))
    }

    func test_prune_forgetsRecordedImagesThatAreNoLongerStored() {
        let (gone, stored) = (digest(1), digest(2))

        let plan = CacheRetention.plan(record: references([gone: hour, stored: hour]), stored: [stored], cachedFeed: nil, now: hour)

        XCTAssertEqual(plan.record, references([stored: hour]))
    }

    // MARK: - The record's times

    func test_referencesHour_roundsUpToTheNextWholeHourAndKeepsATimeOnTheHour() {
        XCTAssertEqual(ImageReferences.date(of: ImageReferences.hour(atOrAfter: hour)), hour)
        XCTAssertEqual(ImageReferences.date(of: ImageReferences.hour(atOrAfter: hour.adding(seconds: 1))), hour.adding(seconds: 3600))
        XCTAssertEqual(ImageReferences.date(of: ImageReferences.hour(atOrAfter: hour.adding(seconds: -1))), hour)
    }

    func test_prune_neverTakesAnImageAsOlderThanItIs() {
        let blob = digest(1)
        var record = ImageReferences()
        let referredAt = hour.adding(seconds: 1)

        record.refer(to: [blob], at: referredAt)
        let plan = CacheRetention.plan(record: record, stored: [blob], cachedFeed: nil, now: referredAt.adding(days: 7).adding(seconds: -1))

        XCTAssertEqual(plan.remove, [], "rounded up to the hour, never down")
    }

    func test_referencesRefer_keepsTheLaterTime() {
        let blob = digest(1)
        var record = references([blob: hour.adding(days: 2)])

        record.refer(to: [blob], at: hour)

        XCTAssertEqual(record, references([blob: hour.adding(days: 2)]))
    }

    // MARK: - Helpers

    private func digest(_ seed: UInt8) -> SHA256.Digest {
        SHA256.Digest(SHA256.hash([seed]))
    }

    private func references(_ times: [SHA256.Digest: Date]) -> ImageReferences {
        ImageReferences(lastReferred: times.mapValues(ImageReferences.hour(atOrAfter:)))
    }
}
