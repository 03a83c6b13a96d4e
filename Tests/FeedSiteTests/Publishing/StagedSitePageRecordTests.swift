import FileSystem
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import Publishing

/// A page known unchanged by its inputs: the previous site's record of what each page was
/// made from says so, and the page is linked from the previous site unread, as long as the
/// record was written by this feedsite beside the manifest the site has now.
final class StagedSitePageRecordTests: XCTestCase, StagedSiteTestCase {
    private let generator = "feedsite test"

    func test_keepPage_linksThePreviousPageMadeFromTheSameInputs_andTheManifestListsIt() throws {
        let output = try siteWithRecord(["index.html": ("home", 7), "about.html": ("about", 8)])
        let before = try attributes(of: output.appendingPathComponent("index.html"))
        let sut = try StagedSite(output: output, generator: generator)

        XCTAssertTrue(try sut.keepPage(at: "index.html", inputs: 7))
        XCTAssertFalse(try sut.keepPage(at: "about.html", inputs: 9), "made from other inputs")
        try sut.write("ABOUT", to: "about.html", inputs: 9)
        assertCounts(sut, written: 1, unchanged: 1)
        XCTAssertEqual(try attributes(of: sut.staging.appendingPathComponent("index.html")), before, "the previous file itself")

        try sut.writeManifest(generator: generator, run: Self.manifestRun)
        XCTAssertEqual(sut.listedUnread.withLock { $0 }, 1, "the page kept for its inputs is listed as before, unread")
        try sut.publish()
        XCTAssertEqual(try digests(of: output), ["about.html": digest("ABOUT"), "index.html": digest("home")])

        let next = try StagedSite(output: output, generator: generator)
        XCTAssertTrue(try next.keepPage(at: "index.html", inputs: 7), "still recorded")
        XCTAssertTrue(try next.keepPage(at: "about.html", inputs: 9), "recorded as written")
        XCTAssertFalse(try next.keepPage(at: "about.html", inputs: 8), "no longer made from those")
    }

    func test_keepPage_isFalseForAPageAtAnotherPathOrWithoutAPreviousSite() throws {
        let output = try siteWithRecord(["index.html": ("home", 7)])
        let sut = try StagedSite(output: output, generator: generator)
        XCTAssertFalse(try sut.keepPage(at: "other.html", inputs: 7))

        let fresh = try StagedSite(output: try makeOutputURL(), generator: generator)
        XCTAssertFalse(try fresh.keepPage(at: "index.html", inputs: 7))
        assertCounts(sut, written: 0, unchanged: 0)
    }

    func test_keepPage_believesNoRecordWrittenByAnotherFeedsite() throws {
        let output = try siteWithRecord(["index.html": ("home", 7)])

        let sut = try StagedSite(output: output, generator: "feedsite 9.9.9")

        XCTAssertFalse(try sut.keepPage(at: "index.html", inputs: 7))
    }

    func test_keepPage_believesNoRecordBesideAnotherManifest() throws {
        let output = try siteWithRecord(["index.html": ("home", 7)])
        // A run that keeps no record: the previous record is carried along as a dot-file,
        // beside a manifest it was not written for.
        let unrecorded = try StagedSite(output: output)
        try unrecorded.write("HOME", to: "index.html")
        try unrecorded.writeManifest(generator: generator, run: Self.manifestRun)
        try unrecorded.publish()
        XCTAssertTrue(exists(output.appendingPathComponent(PageRecord.fileName)), "carried as a dot-file")

        let sut = try StagedSite(output: output, generator: generator)

        XCTAssertFalse(try sut.keepPage(at: "index.html", inputs: 7), "index.html is HOME now, not what inputs 7 made")
    }

    func test_keepPage_believesNoDamagedRecord() throws {
        for damage in [Data([0x66]), Data("feedsite page inputs 2\n".utf8)] {
            let output = try siteWithRecord(["index.html": ("home", 7)])
            let handle = try FileHandle(forWritingTo: output.appendingPathComponent(PageRecord.fileName))
            try handle.seekToEnd()
            try handle.write(contentsOf: damage)
            try handle.close()

            let sut = try StagedSite(output: output, generator: generator)

            XCTAssertFalse(try sut.keepPage(at: "index.html", inputs: 7), "\(damage.count) bytes more")
        }
    }

    func test_record_leavesOutAPageChangedSinceItWasKept_soTheNextRunMakesItAgain() throws {
        let output = try siteWithRecord(["index.html": ("home", 7)])
        try "edited by hand".write(to: output.appendingPathComponent("index.html"), atomically: false, encoding: .utf8)
        let sut = try StagedSite(output: output, generator: generator)
        XCTAssertTrue(try sut.keepPage(at: "index.html", inputs: 7))

        try sut.writeManifest(generator: generator, run: Self.manifestRun)
        try sut.publish()

        XCTAssertEqual(try digests(of: output), ["index.html": digest("edited by hand")], "the manifest says what the file holds")
        let next = try StagedSite(output: output, generator: generator)
        XCTAssertFalse(try next.keepPage(at: "index.html", inputs: 7), "rendered and written again")
    }

    func test_draft_keepsEveryPageOfASiteLargerThanItsBuffer_butThoseLeftOut() throws {
        let folder = try makeTemporaryFolder(for: self).path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/" + Manifest.fileName))
        let manifest = SHA256.digest(Array("{}".utf8))
        let draft = PageRecord.Draft(scratchPath: folder + "/.scratch")
        let count = PageRecord.Draft.bufferSize * 2 + 5
        for page in 0..<count { try draft.add(PageRecord.Key(path: "p\(page).html", inputs: UInt64(page))) }

        try draft.write(to: folder + "/" + PageRecord.fileName, generator: generator, manifest: manifest, leavingOut: ["p3.html", "p5000.html"])

        let record = try XCTUnwrap(PageRecord.read(site: folder, generator: generator))
        let kept = (0..<count).filter { record.contains(PageRecord.Key(path: "p\($0).html", inputs: UInt64($0))) }
        XCTAssertEqual(kept, (0..<count).filter { $0 != 3 && $0 != 5000 })
        XCTAssertFalse(record.contains(PageRecord.Key(path: "p1.html", inputs: 2)))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), [PageRecord.fileName, Manifest.fileName].sorted(), "no scratch left")
        let again = PageRecord.Draft(scratchPath: folder + "/.scratch")
        for page in (0..<count).reversed() { try again.add(PageRecord.Key(path: "p\(page).html", inputs: UInt64(page))) }
        try again.write(to: folder + "/again", generator: generator, manifest: manifest, leavingOut: ["p5000.html", "p3.html"])
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/again")), try Data(contentsOf: URL(fileURLWithPath: folder + "/" + PageRecord.fileName)),
            "the same record, whatever order its pages came in")
    }

    /// A site published by a run that wrote each page's text, made from the given inputs,
    /// with its record; its files last changed an hour ago and its manifest half an hour ago.
    private func siteWithRecord(_ pages: [String: (text: String, inputs: UInt64)]) throws -> URL {
        let output = try makeOutputURL()
        let previous = try StagedSite(output: output, generator: generator)
        for (path, page) in pages { try previous.write(page.text, to: path, inputs: page.inputs) }
        try previous.writeManifest(generator: generator, run: Self.manifestRun)
        try previous.publish()
        for path in pages.keys {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: output.path + "/" + path)
        }
        return output
    }

    private func digest(_ text: String) -> String {
        SHA256.hexDigest(Array(text.utf8))
    }

    private func digests(of site: URL) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try Manifest.read(from: site).files.map { ($0.path, $0.sha256) })
    }
}
