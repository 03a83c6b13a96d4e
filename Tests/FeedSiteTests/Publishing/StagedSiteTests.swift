import Foundation
import Hashing
import Publishing
import SiteGenerator
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class StagedSiteTests: XCTestCase, StagedSiteTestCase {
    // MARK: - Staging

    func test_init_createsAnEmptyHiddenStagingFolderBesideTheOutput() throws {
        let output = try makeOutputURL()

        let sut = try StagedSite(output: output)

        XCTAssertEqual(sut.staging.deletingLastPathComponent().path, output.deletingLastPathComponent().path)
        XCTAssertEqual(sut.staging.lastPathComponent, ".Output.feedsite-staging-\(getpid())")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sut.staging.path), [])
        XCTAssertEqual(sut.output.path, output.path)
    }

    func test_init_createsMissingParentFolders() throws {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("a/b/Output")

        let sut = try StagedSite(output: output)

        XCTAssertTrue(isFolder(sut.staging))
        XCTAssertFalse(exists(output))
    }

    func test_write_putsFilesInTheStagingFolderOnly() throws {
        let output = try makeOutputURL()
        let sut = try StagedSite(output: output)

        try sut.write("<p>index</p>", to: "index.html")
        try sut.write(Data([1, 2, 3]), to: "images/abc.png")
        try sut.write("deep", to: "el/comments/X.html")

        XCTAssertEqual(try read(sut.staging, "index.html"), "<p>index</p>")
        XCTAssertEqual(FileManager.default.contents(atPath: sut.url(for: "images/abc.png").path), Data([1, 2, 3]))
        XCTAssertEqual(try read(sut.staging, "el/comments/X.html"), "deep")
        XCTAssertFalse(exists(output), "nothing appears in the output before publish()")
        assertCounts(sut, written: 3, unchanged: 0)
    }

    func test_write_doesNotTouchAnExistingOutputBeforePublish() throws {
        let output = try publishedSite(["index.html": "old", "old.html": "old page"])
        let before = try contents(of: output)
        let sut = try StagedSite(output: output)

        try sut.write("new", to: "index.html")
        try sut.write("brand new", to: "new.html")

        XCTAssertEqual(try contents(of: output), before)
    }

    func test_urlForPath_isInTheStagingFolder() throws {
        let sut = try StagedSite(output: try makeOutputURL())

        XCTAssertEqual(sut.url(for: "page/2.html").path, sut.staging.appendingPathComponent("page/2.html").path)
    }

    func test_write_laterWriteToTheSamePathWins() throws {
        let sut = try StagedSite(output: try makeOutputURL())

        try sut.write("first", to: "index.html")
        try sut.write("second", to: "index.html")

        XCTAssertEqual(try read(sut.staging, "index.html"), "second")
    }

    func test_write_throwsCannotWriteWhenTheFolderCannotBeMade() throws {
        let sut = try StagedSite(output: try makeOutputURL())
        try sut.write("a file", to: "page")

        XCTAssertThrowsError(try sut.write("x", to: "page/2.html")) { error in
            guard case .cannotWrite = error as? PublishError else { return XCTFail("\(error)") }
        }
    }

    // MARK: - Publishing

    func test_publish_intoMissingOutputCreatesIt() throws {
        let output = try makeOutputURL()
        let sut = try StagedSite(output: output)
        try sut.write("index", to: "index.html")
        try sut.write("page", to: "page/2.html")

        try sut.publish()

        XCTAssertEqual(try contents(of: output), ["index.html": "index", "page/2.html": "page"])
        XCTAssertFalse(exists(sut.staging))
    }

    func test_publish_replacesTheExistingOutputWholesale() throws {
        let output = try publishedSite(["index.html": "old index", "old.html": "gone soon", "page/9.html": "old page", "comments/A.html": "old comments"])
        let sut = try StagedSite(output: output)
        try sut.write("new index", to: "index.html")
        try sut.write("new comments", to: "comments/B.html")

        try sut.publish()

        XCTAssertEqual(try contents(of: output), ["index.html": "new index", "comments/B.html": "new comments"])
    }

    func test_publish_leavesNothingButTheOutputBeside() throws {
        let output = try publishedSite(["index.html": "old"])
        let sut = try StagedSite(output: output)
        try sut.write("new", to: "index.html")

        try sut.publish()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path), ["Output"])
    }

    func test_publish_ofAnEmptySiteLeavesAnEmptyOutput() throws {
        let output = try publishedSite(["index.html": "old"])

        try StagedSite(output: output).publish()

        XCTAssertTrue(isFolder(output))
        XCTAssertEqual(try contents(of: output), [:])
    }

    func test_publish_throughASymbolicLinkReplacesTheLinkedFolder() throws {
        let root = try makeTemporaryFolder(for: self)
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try SiteFixtures.write(["old.html": "old"], under: real)
        let link = root.appendingPathComponent("Output")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let sut = try StagedSite(output: link)
        try sut.write("new", to: "index.html")

        try sut.publish()

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path, "the link is kept")
        XCTAssertEqual(try contents(of: real), ["index.html": "new"])
    }

    func test_discard_leavesThePreviousOutputByteForByteUnchanged() throws {
        let output = try publishedSite(["index.html": "old index", "page/2.html": "old page", ".gitkeep": ""])
        let before = try contents(of: output)
        let beforeAttributes = try attributes(of: output.appendingPathComponent("index.html"))
        let sut = try StagedSite(output: output)
        try sut.write("new index", to: "index.html")
        try sut.write("old page", to: "page/2.html")
        try sut.write("new", to: "comments/A.html")

        sut.discard()

        XCTAssertEqual(try contents(of: output), before)
        XCTAssertEqual(try attributes(of: output.appendingPathComponent("index.html")), beforeAttributes)
        XCTAssertFalse(exists(sut.staging))
    }

    /// A path written twice in one run, first with the old bytes (hard-linked from the
    /// previous site), then with new ones, must not change the previous site's file.
    func test_discard_afterRewritingAFileThatWasLinkedFromThePreviousSite_leavesThePreviousOutputUnchanged() throws {
        let output = try publishedSite(["index.html": "old index"])
        let sut = try StagedSite(output: output)
        try sut.write("old index", to: "index.html")
        try sut.write("new index", to: "index.html")

        sut.discard()

        XCTAssertEqual(try contents(of: output), ["index.html": "old index"])
    }

    // MARK: - Unchanged files

    func test_write_ofAFileIdenticalToThePreviousSites_hardLinksItAndCountsItUnchanged() throws {
        let output = try publishedSite(["index.html": "same", "page/2.html": "same page", "other.html": "old"])
        let oldDate = Date(timeIntervalSince1970: 1_000_000_000)
        for path in ["index.html", "page/2.html"] {
            try FileManager.default.setAttributes([.modificationDate: oldDate], ofItemAtPath: output.appendingPathComponent(path).path)
        }
        let before = try attributes(of: output.appendingPathComponent("index.html"))
        let sut = try StagedSite(output: output)

        try sut.write("same", to: "index.html")
        try sut.write(Data("same page".utf8), to: "page/2.html")
        try sut.write("new", to: "other.html")
        assertCounts(sut, written: 1, unchanged: 2)
        XCTAssertEqual(try attributes(of: sut.url(for: "index.html")).inode, before.inode, "hard-linked in the staging folder")
        try sut.publish()

        let after = try attributes(of: output.appendingPathComponent("index.html"))
        XCTAssertEqual(after.inode, before.inode)
        XCTAssertEqual(after.modified, oldDate)
        XCTAssertEqual(try attributes(of: output.appendingPathComponent("page/2.html")).modified, oldDate)
        XCTAssertEqual(try contents(of: output), ["index.html": "same", "page/2.html": "same page", "other.html": "new"])
    }

    func test_write_ofAChangedFile_writesANewFile() throws {
        let output = try publishedSite(["index.html": "old"])
        let before = try attributes(of: output.appendingPathComponent("index.html"))
        let sut = try StagedSite(output: output)

        try sut.write("new", to: "index.html")
        try sut.publish()

        assertCounts(sut, written: 1, unchanged: 0)
        XCTAssertNotEqual(try attributes(of: output.appendingPathComponent("index.html")).inode, before.inode)
    }

    func test_write_ofAFileAtAnotherPathThanTheIdenticalOne_writesIt() throws {
        let output = try publishedSite(["a.html": "same"])
        let sut = try StagedSite(output: output)

        try sut.write("same", to: "b.html")

        assertCounts(sut, written: 1, unchanged: 0)
    }
}
