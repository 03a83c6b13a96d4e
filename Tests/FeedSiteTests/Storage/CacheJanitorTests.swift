import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class CacheJanitorTests: XCTestCase {
    func test_removeTemporaryFiles_removesLeftoversAtAnyDepthAndKeepsEverythingElse() throws {
        let cache = try makeTemporaryFolder(for: self)
        let kept = [
            "cache.sqlite", "cache.sqlite-wal", "cache.sqlite.damaged-20240520T112459Z", "images/blobs/12/1234", "images/blobs/12/.hidden", ".lock",
        ]
        let leftovers = [
            "images/blobs/.feedsite-tmp-42-1-download", "images/blobs/12/.feedsite-tmp-42-2-1234",
            ".feedsite-tmp-7-3-feed.json", "comments/ab/.feedsite-tmp-7-4-AB.json",
        ]
        for path in kept + leftovers {
            let url = cache.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }

        let removed = CacheJanitor.removeTemporaryFiles(in: cache)

        XCTAssertEqual(removed, leftovers.count)
        for path in kept {
            XCTAssertEqual(try String(contentsOf: cache.appendingPathComponent(path), encoding: .utf8), path)
        }
        for path in leftovers {
            XCTAssertFalse(FileManager.default.fileExists(atPath: cache.appendingPathComponent(path).path), path)
        }
    }

    func test_removeTemporaryFiles_doesNothingForAMissingFolder() {
        XCTAssertEqual(CacheJanitor.removeTemporaryFiles(in: URL(fileURLWithPath: "/nonexistent/feedsite-cache")), 0)
    }
}
