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

/// What a staged site does with what it finds beside and in the output: the user's dot-entries,
/// the folders a killed run left, and an output it cannot replace.
final class StagedSiteLeftoverTests: XCTestCase, StagedSiteTestCase {
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
}
