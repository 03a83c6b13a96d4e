import FileSystem
import Foundation
import History
import Publishing
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Putting a snapshot and the history's own files in: all of it, or nothing when a file
/// cannot be written.
final class HistoryFolderTests: XCTestCase {
    private let first = SnapshotName("20261124T120000Z")!
    private let second = SnapshotName("20261125T120000Z")!

    func test_commit_putsTheSnapshotAndTheOwnFilesIn_andListsTheFilesInTheManifest() throws {
        let (history, draft) = try makeHistoryWithOneSnapshot()

        try history.commit(draft: draft, as: second, files: [("index.html", Data("two".utf8))], thinned: [first], generator: "feedsite", run: run)

        XCTAssertEqual(history.snapshots(), [second])
        XCTAssertEqual(try String(contentsOfFile: history.path + "/index.html", encoding: .utf8), "two")
        let manifest = try Manifest.read(from: URL(fileURLWithPath: history.path))
        XCTAssertEqual(manifest.files.map(\.path), ["index.html"])
    }

    func test_commit_thatCannotWriteAnOwnFile_leavesTheHistoryAsItWas_andNamesTheFile() throws {
        let (history, draft) = try makeHistoryWithOneSnapshot()
        // A file where a folder should be: `items/a.js` cannot be written.
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: history.path + "/items"))
        let before = try snapshotOfFiles(in: URL(fileURLWithPath: history.path))

        XCTAssertThrowsError(
            try history.commit(
                draft: draft, as: second, files: [("index.html", Data("two".utf8)), ("items/a.js", Data("a".utf8))], thinned: [first],
                generator: "feedsite", run: run)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write \(history.path)/items/a.js: "), "\(error)")
        }

        XCTAssertEqual(try snapshotOfFiles(in: URL(fileURLWithPath: history.path)), before, "every file as it was, and no temporary one")
        XCTAssertTrue(FileManager.default.fileExists(atPath: draft), "the snapshot was not put in")
    }

    /// A run killed between writing the history's own files and putting them in leaves
    /// nothing inside the published history: they wait in a hidden folder beside the output,
    /// which the next run removes.
    func test_commit_writesTheOwnFilesOutsideTheHistory_soAKilledRunLeavesNothingInIt() throws {
        let (history, draft) = try makeHistoryWithOneSnapshot()
        let scratch = history.output.deletingLastPathComponent().appendingPathComponent(".site.feedsite-own-files-\(getpid())").path
        // A file where the last one's folder should be: every other file is written and
        // ready when it fails, as a kill then would find them.
        try FileManager.default.createDirectory(atPath: history.path + "/search", withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: history.path + "/search/b"))
        let before = try snapshotOfFiles(in: URL(fileURLWithPath: history.path))

        XCTAssertThrowsError(
            try history.commit(
                draft: nil, as: first, files: [("search/a.js", Data("a".utf8)), ("index.html", Data("two".utf8)), ("search/b/c.js", Data("c".utf8))],
                thinned: [], generator: "feedsite", run: run))

        XCTAssertEqual(try snapshotOfFiles(in: URL(fileURLWithPath: history.path)), before)
        let hidden = try FileManager.default.subpathsOfDirectory(atPath: history.path).filter { $0.contains(AtomicFile.temporaryMarker) }
        XCTAssertEqual(hidden, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch), "the hidden folder goes with the commit")
        XCTAssertTrue(FileManager.default.fileExists(atPath: draft))

        let killed = history.output.deletingLastPathComponent().appendingPathComponent(".site.feedsite-own-files-\(pid_t.max)").path
        try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: URL(fileURLWithPath: killed + "/\(AtomicFile.temporaryMarker)\(pid_t.max)-1-d3.js.tmp"))
        history.removeLeftovers()
        XCTAssertFalse(FileManager.default.fileExists(atPath: killed), "a killed run's own files are removed by the next")
    }

    /// What the history's previous manifest listed and what its own folders hold are its
    /// own: a note or a folder the user put beside the snapshots stays, while a file the
    /// history no longer makes goes, listed or not (a run killed after putting its manifest
    /// in left it unlisted).
    func test_commit_removesOwnFilesItNoLongerMakes_andKeepsTheUsersFilesAndFolders() throws {
        let (history, draft) = try makeHistoryWithOneSnapshot()
        try history.commit(
            draft: draft, as: second, files: [("index.html", Data("two".utf8)), ("el/index.html", Data("δύο".utf8))], thinned: [], generator: "feedsite",
            run: run)
        let users = ["README.txt": "mine", "notes/2026.txt": "also mine"]
        for (path, text) in users.merging(["search/unlisted.js": "a killed run's"], uniquingKeysWith: { $1 }) {
            try FileManager.default.createDirectory(
                atPath: history.path + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: history.path + "/" + path))
        }

        try history.commit(
            draft: nil, as: second, files: [("index.html", Data("three".utf8)), ("search/index.js", Data("3".utf8))], thinned: [], generator: "feedsite",
            run: run)

        let files = try snapshotOfFiles(in: URL(fileURLWithPath: history.path)).filter { !$0.key.hasPrefix("2026") && $0.key != "manifest.json" }
        XCTAssertEqual(files, ["index.html": Data("three".utf8), "search/index.js": Data("3".utf8)].merging(users.mapValues { Data($0.utf8) }) { $1 })
    }

    func test_removeLeftovers_removesOwnFilesNeverPutIn_andLeavesTheSnapshotsAlone() throws {
        let (history, _) = try makeHistoryWithOneSnapshot()
        let waiting = ["\(AtomicFile.temporaryMarker)1-1-index.html.tmp", "items/\(AtomicFile.temporaryMarker)1-2-d3.js.tmp"]
        for path in waiting {
            try FileManager.default.createDirectory(atPath: history.path + "/items", withIntermediateDirectories: true)
            try Data("half".utf8).write(to: URL(fileURLWithPath: history.path + "/" + path))
        }
        let inSnapshot = history.folder(of: first) + "/\(AtomicFile.temporaryMarker)1-3-kept.tmp"
        try Data("a snapshot's own".utf8).write(to: URL(fileURLWithPath: inSnapshot))

        history.removeLeftovers()

        for path in waiting { XCTAssertFalse(FileManager.default.fileExists(atPath: history.path + "/" + path), path) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: inSnapshot), "a snapshot's files are never touched")
        XCTAssertTrue(FileManager.default.fileExists(atPath: history.path + "/index.html"))
    }

    /// A history whose snapshot `first` and calendar a commit made, and the folder of a
    /// second snapshot ready beside it.
    private func makeHistoryWithOneSnapshot() throws -> (HistoryFolder, String) {
        let output = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let history = HistoryFolder(output: output)
        for name in [first, second] {
            let folder = history.draftFolder(pid: name == first ? 1 : 2)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(name.text.utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
            if name == first {
                try history.commit(draft: folder, as: first, files: [("index.html", Data("one".utf8))], thinned: [], generator: "feedsite", run: run)
            }
        }
        return (history, history.draftFolder(pid: 2))
    }

    private var run: Manifest.Run {
        Manifest.Run(
            api: "http://127.0.0.1:1/v1", now: "2026-11-24T12:00:00Z", feedSource: "live", feedSavedAt: nil, locales: ["en"], items: 0, feedPages: 0,
            commentsPages: 0, images: 0, imagesFailed: 0, comments: 0, commentsFromCache: 0, commentsUnavailable: 0)
    }
}
