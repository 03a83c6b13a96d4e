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

final class StagedSiteTests: XCTestCase {
    // MARK: - Staging

    func test_init_createsAnEmptyHiddenStagingFolderBesideTheOutput() throws {
        let output = try makeOutputURL()

        let sut = try StagedSite(output: output)

        XCTAssertEqual(sut.staging.deletingLastPathComponent().path, output.deletingLastPathComponent().path)
        XCTAssertEqual(sut.staging.lastPathComponent, ".Output\(StagedSite.stagingMarker)\(getpid())")
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

    // MARK: - Dot-files

    func test_publish_movesTopLevelDotFoldersOfTheOldOutputWholeAsTheSameFolders() throws {
        let output = try publishedSite(["index.html": "old", ".git/objects/pack": "big", ".well-known/security.txt": "x"])
        let inode = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(".git").path)[.systemFileNumber] as? Int
        let sut = try StagedSite(output: output)
        try sut.write("new", to: "index.html")

        try sut.publish()

        XCTAssertEqual(try contents(of: output), ["index.html": "new", ".git/objects/pack": "big", ".well-known/security.txt": "x"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(".git").path)[.systemFileNumber] as? Int, inode)
    }

    func test_publish_carriesOverTopLevelDotFilesOfTheOldOutput() throws {
        let output = try publishedSite(["index.html": "old", ".gitkeep": "", ".htaccess": "Options -Indexes\n", "page/.hidden": "not carried"])
        let sut = try StagedSite(output: output)
        try sut.write("new", to: "index.html")

        try sut.publish()

        XCTAssertEqual(try contents(of: output), ["index.html": "new", ".gitkeep": "", ".htaccess": "Options -Indexes\n"])
    }

    func test_publish_keepsADotFileTheNewSiteWrites() throws {
        let output = try publishedSite([".nojekyll": "old"])
        let sut = try StagedSite(output: output)
        try sut.write("new", to: ".nojekyll")

        try sut.publish()

        XCTAssertEqual(try contents(of: output), [".nojekyll": "new"])
    }

    // MARK: - Leftovers and errors

    func test_init_removesLeftoverStagingFoldersOfDeadProcesses() throws {
        let output = try makeOutputURL()
        try XCTSkipIf(kill(999_999, 0) == 0, "a process 999999 exists")
        let parent = output.deletingLastPathComponent()
        let leftovers = [".Output.feedsite-staging-999999", ".Output.feedsite-old-999999"].map(parent.appendingPathComponent)
        for leftover in leftovers {
            try SiteFixtures.write(["index.html": "half-written"], under: leftover)
        }

        _ = try StagedSite(output: output)

        for leftover in leftovers {
            XCTAssertFalse(exists(leftover), leftover.lastPathComponent)
        }
    }

    func test_init_movesBackTheDotEntriesAKilledRunLeftInItsStagingOrOldSiteBeforeRemovingIt() throws {
        let output = try publishedSite(["index.html": "old", ".htaccess": "kept"])
        try XCTSkipIf(kill(999_999, 0) == 0, "a process 999999 exists")
        let parent = output.deletingLastPathComponent()
        // Killed between moving the dot-entries in and the swap, and between the swap and
        // removing the old site.
        try SiteFixtures.write(
            ["index.html": "new", ".git/HEAD": "ref", ".htaccess": "kept"], under: parent.appendingPathComponent(".Output.feedsite-staging-999999"))
        try SiteFixtures.write(["index.html": "older", ".well-known/security.txt": "x"], under: parent.appendingPathComponent(".Output.feedsite-old-999999"))

        _ = try StagedSite(output: output)

        XCTAssertEqual(
            try contents(of: output), ["index.html": "old", ".htaccess": "kept", ".git/HEAD": "ref", ".well-known/security.txt": "x"],
            "each dot-entry the output lacked is back; the output's own stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasSuffix("-999999") }, [])
    }

    func test_init_keepsStagingFoldersOfLiveProcessesAndOtherOutputs() throws {
        let output = try makeOutputURL()
        let parent = output.deletingLastPathComponent()
        let kept = [".Output.feedsite-staging-\(getppid())", ".Other.feedsite-staging-999999", ".Output.feedsite-staging-notapid"].map(
            parent.appendingPathComponent)
        for folder in kept {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        _ = try StagedSite(output: output)

        for folder in kept {
            XCTAssertTrue(exists(folder), folder.lastPathComponent)
        }
    }

    func test_init_replacesAStagingFolderOfThisProcess() throws {
        let output = try makeOutputURL()
        let first = try StagedSite(output: output)
        try first.write("stale", to: "stale.html")

        let second = try StagedSite(output: output)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: second.staging.path), [])
    }

    func test_init_throwsOutputIsNotAFolderForAFile() throws {
        let output = try makeOutputURL()
        try Data("a file".utf8).write(to: output)

        XCTAssertThrowsError(try StagedSite(output: output)) { error in
            XCTAssertEqual(error as? PublishError, .outputIsNotAFolder(output.resolvingSymlinksInPath().path))
            XCTAssertTrue("\(error)".contains("is not a folder"), "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: output.path), Data("a file".utf8))
    }

    func test_init_throwsCannotWriteWhenTheParentIsAFile() throws {
        let root = try makeTemporaryFolder(for: self)
        try Data("a file".utf8).write(to: root.appendingPathComponent("file"))

        XCTAssertThrowsError(try StagedSite(output: root.appendingPathComponent("file/Output"))) { error in
            guard case .cannotWrite = error as? PublishError else { return XCTFail("\(error)") }
        }
    }

    // MARK: - Manifest

    func test_writeManifest_listsEveryFileOnceInPathOrderWithItsSizeAndDigest_beyondOneHashingBatch() throws {
        let output = try makeOutputURL()
        let sut = try StagedSite(output: output)
        var pages: [String: String] = ["index.html": "home", "assets/style.css": "body {}", "page/2.html": "two"]
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

    private static let manifestRun = Manifest.Run(
        api: "http://127.0.0.1:1/v1", now: "2024-05-20T11:24:59Z", feedSource: "live", feedSavedAt: nil, locales: ["en"], items: 0, feedPages: 0,
        commentsPages: 0, images: 0, imagesFailed: 0, comments: 0, commentsFromCache: 0, commentsUnavailable: 0
    )

    // MARK: - Helpers

    private struct FileAttributes: Equatable {
        let inode: UInt64
        let modified: Date?
        let size: Int
    }

    private func assertCounts(_ sut: StagedSite, written: Int, unchanged: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(sut.fileCounts.written, written, "written", file: file, line: line)
        XCTAssertEqual(sut.fileCounts.unchanged, unchanged, "unchanged", file: file, line: line)
    }

    private func makeOutputURL() throws -> URL {
        try makeTemporaryFolder(for: self).appendingPathComponent("Output")
    }

    /// An output folder published by a run that wrote `index.html` and the manifest.
    private func publishedSiteWithManifest(index: String) throws -> URL {
        let output = try makeOutputURL()
        let previous = try StagedSite(output: output)
        try previous.write(index, to: "index.html")
        try previous.writeManifest(generator: "test", run: Self.manifestRun)
        try previous.publish()
        return output
    }

    /// An output folder holding `files`, as a previous run (or a person) left it.
    private func publishedSite(_ files: [String: String]) throws -> URL {
        let output = try makeOutputURL()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try SiteFixtures.write(files, under: output)
        return output
    }

    /// Every regular file under `folder`, dot-files included: relative path → text.
    private func contents(of folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let path = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            if !isFolder(url) {
                result[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return result
    }

    private func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    private func attributes(of file: URL) throws -> FileAttributes {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return FileAttributes(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.intValue ?? -1
        )
    }

    private func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    private func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
