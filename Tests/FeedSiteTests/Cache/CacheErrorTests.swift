import Basics
import FeedCore
import Foundation
import XCTest

/// What a store's failure says, whatever the store: the user reads these words.
final class CacheErrorTests: XCTestCase {
    func test_description_namesTheOperationTheEntryAndTheReason() {
        XCTAssertEqual(
            CacheError.cannot(.read, "cache database /c/cache.sqlite", reason: "database disk image is malformed (SQLITE_CORRUPT)").description,
            "cannot read cache database /c/cache.sqlite: database disk image is malformed (SQLITE_CORRUPT)")
        XCTAssertEqual(
            CacheError.cannot(.read, "cache file /c/images/blobs/ab/abcd", reason: "Permission denied").description,
            "cannot read cache file /c/images/blobs/ab/abcd: Permission denied")
        XCTAssertEqual(CacheError.cannot(.write, "entry x", reason: "why").description, "cannot write entry x: why")
        XCTAssertEqual(CacheError.cannot(.delete, "entry x", reason: "why").description, "cannot delete entry x: why")
    }

    func test_description_ofAFullCacheSaysNoSpaceLeftAndNamesThePath() {
        XCTAssertEqual(CacheError.full(OutOfSpace(path: "/disk/a", limit: .device)).description, "no space left on device writing /disk/a")
        XCTAssertEqual(CacheError.full(OutOfSpace(path: "/disk/a", limit: .quota)).description, "no space left in the disk quota writing /disk/a")
    }

    func test_outOfSpace_isTheFullDiskOnlyForAFullCache() {
        let full = OutOfSpace(path: "/disk/a", limit: .device)

        XCTAssertEqual(CacheError.full(full).outOfSpace, full)
        XCTAssertEqual(OutOfSpace.found(in: CacheError.full(full)), full)
        XCTAssertNil(CacheError.cannot(.write, "cache file /disk/a", reason: "No space left on device").outOfSpace, "the words decide nothing")
        XCTAssertNil(CacheError.cannot(.write, "cache database /disk/a", reason: "database or disk is full (SQLITE_FULL)").outOfSpace)
    }
}
