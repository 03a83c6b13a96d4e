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

final class StagedSiteManifestTests: XCTestCase, StagedSiteTestCase {
    // MARK: - Manifest

    func test_writeManifest_listsEveryFileOnceInPathOrderWithItsSizeAndDigest_beyondOneHashingBatch() throws {
        let output = try makeOutputURL()
        let sut = try StagedSite(output: output)
        var pages: [String: String] = ["index.html": "home", "assets/style.css": "body {}", "page/2.html": "two"]
        // Either side of "/" in byte order: a folder's files fall where its name and "/" sort.
        for path in ["page-1.html", "page.html", "page0.html", "page/page.html", "pagé.html"] { pages[path] = path }
        for number in (0..<1_300).reversed() {
            pages["comments/\(number).html"] = "<p>comments of \(number)</p>"
        }
        for (path, text) in pages {
            try sut.write(text, to: path)
        }

        try sut.writeManifest(generator: "test", run: Self.manifestRun)
        try sut.publish()

        let manifest = try Manifest.read(from: output)
        XCTAssertEqual(manifest.files.map(\.path), pages.keys.sorted())
        for file in manifest.files {
            XCTAssertEqual(file.size, pages[file.path]?.utf8.count, file.path)
            XCTAssertEqual(file.sha256, pages[file.path].map { SHA256.hexDigest(Array($0.utf8)) }, file.path)
        }
    }

    func test_writeManifest_equalToThePreviousSites_hardLinksItAndCountsItUnchanged() throws {
        let output = try publishedSiteWithManifest(index: "home")
        let before = try attributes(of: output.appendingPathComponent(Manifest.fileName))
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        assertCounts(sut, written: 0, unchanged: 2)
        XCTAssertEqual(try attributes(of: sut.url(for: Manifest.fileName)).inode, before.inode)
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: sut.staging), [])
    }

    func test_writeManifest_thatDiffersFromThePreviousSites_writesANewOneAndLeavesTheOldOneAsItWas() throws {
        let output = try publishedSiteWithManifest(index: "home")
        let old = try Data(contentsOf: output.appendingPathComponent(Manifest.fileName))
        let sut = try StagedSite(output: output)
        try sut.write("new home", to: "index.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)
        sut.discard()

        assertCounts(sut, written: 2, unchanged: 0)
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent(Manifest.fileName)), old)
        XCTAssertEqual(try Manifest.read(from: output).files.map(\.path), ["index.html"])
    }

    func test_writeManifest_inACancelledTaskWritesNoManifestAndLeavesNoTemporaryFile() async throws {
        let sut = try StagedSite(output: try makeOutputURL())
        try sut.write("home", to: "index.html")

        let result = await inCancelledTask { try sut.writeManifest(generator: "test", run: Self.manifestRun) }

        XCTAssertThrowsError(try result.get())
        XCTAssertFalse(FileManager.default.fileExists(atPath: sut.url(for: Manifest.fileName).path))
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: sut.staging), [])
    }

    func test_writeManifest_neverListsItself() throws {
        let output = try makeOutputURL()
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)
        try sut.writeManifest(generator: "test", run: Self.manifestRun)
        try sut.publish()

        XCTAssertEqual(try Manifest.read(from: output).files.map(\.path), ["index.html"])
    }
}
