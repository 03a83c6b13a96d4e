import Basics
import FeedStorage
import XCTest

@testable import FeedSiteCLI

/// What a run and `validate-cache` say pruning removed, renditions included.
final class CachePruneTests: XCTestCase {
    func test_description_namesTheImagesAndTheRenditionsRemovedEachWithTheirBytes() {
        let prune = CachePrune(
            comments: 0,
            images: ImagePruning(
                blobs: [RemovedCacheFile(path: "/c/images/blobs/aa/aa", byteCount: 2_000_000)], urls: 1,
                renditions: [
                    RemovedCacheFile(path: "/c/images/blobs/bb/bb", byteCount: 100_000),
                    RemovedCacheFile(path: "/c/images/blobs/cc/cc", byteCount: 200_000),
                ], renditionSets: 1))

        XCTAssertEqual(
            prune.description,
            "1 image no feed of the last seven days refers to (\(ByteCountText.approximately(2_000_000))) and 2 renditions no kept image has (\(ByteCountText.approximately(300_000)))"
        )
        XCTAssertEqual(prune.files.map(\.path), ["/c/images/blobs/aa/aa", "/c/images/blobs/bb/bb", "/c/images/blobs/cc/cc"])
    }

    func test_isEmpty_isFalseWhenOnlyRenditionsWereRemoved() {
        let prune = CachePrune(images: ImagePruning(renditions: [RemovedCacheFile(path: "/c/images/blobs/bb/bb", byteCount: 10)]))

        XCTAssertFalse(prune.isEmpty)
        XCTAssertEqual(prune.description, "1 rendition no kept image has (\(ByteCountText.approximately(10)))")
    }
}
