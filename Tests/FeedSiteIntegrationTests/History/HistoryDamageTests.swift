import Foundation
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a user or a damaged disk did to a history, through the executable: the user's files
/// are kept, a link is never shared or followed, a lost manifest is made anew, and a clock
/// that stops the history says so.
final class HistoryDamageTests: XCTestCase {
    private let first = "20261124T120000Z"

    func test_aRunThatMakesASnapshot_keepsTheUsersFilesAndFoldersAtTheTopOfTheHistory() throws {
        let (folder, feed, generate) = try firstSnapshot()
        let history = folder.appendingPathComponent("site/history")
        try Data("about this archive".utf8).write(to: history.appendingPathComponent("README.txt"))
        try FileManager.default.createDirectory(at: history.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("a note".utf8).write(to: history.appendingPathComponent("notes/2026.txt"))
        feed.describe(7, as: "Rewritten")

        let run = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)

        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: history.appendingPathComponent("20261125T120000Z").path), "a snapshot was made")
        XCTAssertEqual(try String(contentsOf: history.appendingPathComponent("README.txt"), encoding: .utf8), "about this archive")
        XCTAssertEqual(try String(contentsOf: history.appendingPathComponent("notes/2026.txt"), encoding: .utf8), "a note")
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 1, "verify names what is not the history's")
        XCTAssertTrue(verify.standardOutput.contains("extra    history/README.txt\n"), verify.standardOutput)
        XCTAssertTrue(verify.standardOutput.contains("extra    history/notes/2026.txt\n"), verify.standardOutput)
    }

    func test_aFileOfTheLatestSnapshotReplacedByALink_isWrittenAnewInTheNextSnapshot_neverLinked() throws {
        let (folder, feed, generate) = try firstSnapshot()
        let history = folder.appendingPathComponent("site/history")
        let style = history.appendingPathComponent("\(first)/assets/style.css")
        try FileManager.default.removeItem(at: style)
        try FileManager.default.createSymbolicLink(atPath: style.path, withDestinationPath: "/etc/hostname")
        feed.describe(7, as: "Rewritten")

        let run = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)

        XCTAssertEqual(run.status, 0, run.standardError)
        let copy = history.appendingPathComponent("20261125T120000Z/assets/style.css").path
        var info = stat()
        XCTAssertEqual(lstat(copy, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "a regular file, not the link")
        XCTAssertEqual(FileManager.default.contents(atPath: copy), FileManager.default.contents(atPath: folder.path + "/site/assets/style.css"))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertTrue(verify.standardOutput.contains("history/20261125T120000Z: all "), verify.standardOutput)
        XCTAssertTrue(verify.standardOutput.contains("changed  history/\(first)/assets/style.css\n"), "the damaged one is named")
    }

    func test_verify_namesASnapshotFolderThatIsALinkOutOfTheSiteOrAFile_neverFollowingIt() throws {
        let (folder, feed, generate) = try firstSnapshot()
        feed.describe(7, as: "Rewritten")
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-26T12:00:00Z", "--history-keep", "all"], in: folder).status, 0)
        let history = folder.appendingPathComponent("site/history")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: history.appendingPathComponent(first), to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: history.appendingPathComponent(first).path, withDestinationPath: elsewhere.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: history.path).filter { $0.hasPrefix("2026") }.sorted()
        guard names.count == 2 else { return XCTFail("\(names)") }
        try FileManager.default.removeItem(at: history.appendingPathComponent(names[1]))
        try Data("not a snapshot".utf8).write(to: history.appendingPathComponent(names[1]))

        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)

        XCTAssertEqual(verify.status, 1, verify.standardOutput)
        XCTAssertTrue(verify.standardOutput.contains("outside  history/\(first) (not read: it leads out of the site)\n"), verify.standardOutput)
        XCTAssertTrue(verify.standardOutput.contains("extra    history/\(names[1])\n"), verify.standardOutput)
        XCTAssertFalse(verify.standardOutput.contains("history/\(first)/"), "the link is not followed")
    }

    func test_aClockBeforeTheLatestSnapshot_warnsAtTheDefaultLevelThatNothingIsRecorded() throws {
        let (folder, feed, generate) = try firstSnapshot()
        feed.describe(7, as: "Rewritten")

        let run = try ExecutableRunner.run(generate + ["--now", "2026-11-23T12:00:00Z"], in: folder)

        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(
            run.standardError.contains(
                "feedsite: warning: history: no snapshot; the run's clock 2026-11-23T12:00:00Z is before the latest snapshot, \(first), "),
            run.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/site/history").filter { $0.hasPrefix("2026") }, [first])
    }

    func test_aLostHistoryManifest_isMadeAnewFromTheSnapshotsByTheNextRun_withAWarning() throws {
        let (folder, feed, generate) = try firstSnapshot()
        let manifest = folder.appendingPathComponent("site/history/manifest.json")
        try FileManager.default.removeItem(at: manifest)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("site/history/README.txt"))
        let unchanged = try ExecutableRunner.run(generate + ["--now", "2026-11-24T13:00:00Z"], in: folder)
        try FileManager.default.removeItem(at: manifest)
        feed.describe(7, as: "Rewritten")

        // A new snapshot: the history's search is made anew in a folder of its own.
        let changed = try ExecutableRunner.run(generate + ["--now", "2026-11-25T12:00:00Z"], in: folder)

        for run in [unchanged, changed] {
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertTrue(run.standardError.contains("feedsite: warning: history: "), run.standardError)
            XCTAssertTrue(run.standardError.contains("history/manifest.json was missing; made anew"), run.standardError)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: manifest.path))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("/") }, ["extra    history/README.txt"], "the old search is gone")
    }
}
