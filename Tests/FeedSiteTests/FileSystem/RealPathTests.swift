import FileSystem
import Foundation
import TestSupport
import XCTest

final class RealPathTests: XCTestCase {
    func test_of_followsSymbolicLinksInTheExistingPart() throws {
        let folder = try realFolder()
        try FileManager.default.createDirectory(atPath: folder + "/target/inner", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/target")

        XCTAssertEqual(RealPath.of(folder + "/link/inner"), folder + "/target/inner")
    }

    func test_of_appliesDotDotAfterFollowingALinkAsTheKernelDoes() throws {
        let folder = try realFolder()
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere/site", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/site", withDestinationPath: folder + "/elsewhere/site")

        XCTAssertEqual(RealPath.of(folder + "/site/../site/cache"), folder + "/elsewhere/site/cache")
        XCTAssertEqual(RealPath.of(folder + "/site/.."), folder + "/elsewhere")
    }

    func test_of_appendsTheMissingPartAsWrittenWithItsDotsApplied() throws {
        let folder = try realFolder()

        XCTAssertEqual(RealPath.of(folder + "/a/b/../c/./d"), folder + "/a/c/d")
        XCTAssertEqual(RealPath.of(folder + "/missing/.."), folder)
    }

    func test_of_resolvesTheRootAndAPathBelowAFile() throws {
        let folder = try realFolder()
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))

        XCTAssertEqual(RealPath.of("/"), "/")
        XCTAssertEqual(RealPath.of(folder + "/file/below"), folder + "/file/below")
    }

    func test_ofExisting_resolvesAPathThatExistsAndIsNilForOneThatDoesNot() throws {
        let folder = try realFolder()
        try FileManager.default.createDirectory(atPath: folder + "/target/inner", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/target")

        XCTAssertEqual(RealPath.ofExisting(folder + "/link/inner/../inner"), folder + "/target/inner")
        XCTAssertNil(RealPath.ofExisting(folder + "/link/missing"))
        XCTAssertNil(RealPath.ofExisting(folder + "/missing/.."), "a missing name is not skipped by the `..` after it")
    }

    func test_isWithin_holdsForTheSameFolderAndFoldersBelowButNotForANameThatOnlyStartsAlike() {
        XCTAssertTrue(RealPath.isWithin("/srv/site", "/srv/site"))
        XCTAssertTrue(RealPath.isWithin("/srv/site/cache", "/srv/site"))
        XCTAssertTrue(RealPath.isWithin("/srv", "/"))
        XCTAssertFalse(RealPath.isWithin("/srv/site2", "/srv/site"))
        XCTAssertFalse(RealPath.isWithin("/srv", "/srv/site"))
    }

    /// A temporary folder by its real path (the temporary folder may itself sit behind a link).
    private func realFolder() throws -> String {
        RealPath.of(try makeTemporaryFolder(for: self).path)
    }
}
