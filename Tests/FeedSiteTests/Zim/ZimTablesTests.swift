import Hashing
import XCTest

@testable import Zim

/// The compact tables the ZIM writer finds strings and files' blobs by: every value found
/// again under the id it was given, however far the tables grew.
final class ZimTablesTests: XCTestCase {
    func test_strings_giveEachDistinctStringOneID_acrossManyGrowths() throws {
        var strings = ZimStrings()
        let values = (0..<5_000).map { "comments/\($0 * 7_919).html" }
        let ids = try values.map { try strings.id(Array($0.utf8)) }

        XCTAssertEqual(Set(ids).count, values.count)
        XCTAssertEqual(try values.map { try strings.id(Array($0.utf8)) }, ids, "each found again, not added twice")
        XCTAssertEqual(ids.map { strings.string($0) }, values)
        XCTAssertEqual(try strings.id([UInt8]()), ZimStrings.empty)
    }

    func test_strings_sortAsPaths_putsAFolderWhereItsFilesFall() throws {
        var strings = ZimStrings()
        // "a/x" sorts after "a.html" ("/" is after ".") and before "a0" and "ab".
        let given: [(String, Bool)] = [("ab", false), ("a", true), ("a0", false), ("a.html", false), ("B", false)]
        var names = try given.map { ZimStrings.Name(id: try strings.id(Array($0.0.utf8)), isFolder: $0.1) }
        strings.sortAsPaths(&names)

        XCTAssertEqual(names.map { strings.string($0.id) }, ["B", "a.html", "a", "a0", "ab"])
    }

    func test_blobIndex_findsAFileByItsInode_andOtherBytesByTheirDigest() {
        var index = ZimBlobIndex()
        let digests = (0..<3_000).map { SHA256.Digest(SHA256.hash(Array("file \($0)".utf8))) }
        for (blob, digest) in digests.enumerated() {
            index.add(digest: digest, blob: UInt32(blob))
            index.add(device: 7, inode: UInt64(blob) * 3, blob: UInt32(blob))
        }
        index.add(device: 7, inode: 1, blob: 42)

        XCTAssertEqual(index.blob(digest: digests[2_999]), 2_999)
        XCTAssertEqual(index.blob(digest: digests[0]), 0)
        XCTAssertNil(index.blob(digest: SHA256.Digest(SHA256.hash(Array("another file".utf8)))))
        XCTAssertEqual(index.blob(device: 7, inode: 3 * 1_234), 1_234)
        XCTAssertEqual(index.blob(device: 7, inode: 1), 42, "a second inode of the same bytes")
        XCTAssertNil(index.blob(device: 8, inode: 3 * 1_234), "the same inode on another device is another file")
    }
}
