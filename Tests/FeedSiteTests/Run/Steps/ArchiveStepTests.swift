import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The archive step on its own: the published site as a tar file (its cancellation is in
/// `CancelledRenderingTests`).
final class ArchiveStepTests: XCTestCase {
    func test_run_writesATarOfThePublishedSiteHoldingEachFolderAndFileWithItsBytes_andSaysWhereItWent() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(in: folder, files: ["index.html": "<p>published</p>", "images/a.png": "png", "comments/b.html": "<p>b</p>"])
        let archive = folder.appendingPathComponent("site.tar")
        let console = LinesConsole()
        let step = ArchiveStep(output: site, archive: archive, now: fixedNow(), report: .keeping(in: console, verbosity: .normal))

        _ = try await step.run(progress(for: step))

        XCTAssertEqual(console.diagnostics + console.output, ["archive: \(archive.path), 5.1 kB"], "three headers, three files a block each, the end")
        let tar = try TarEntries(Data(contentsOf: archive))
        XCTAssertEqual(tar.paths, ["comments/", "comments/b.html", "images/", "images/a.png", "index.html"])
        XCTAssertEqual(tar.entries.last.map { String(decoding: $0.data, as: UTF8.self) }, "<p>published</p>")
    }

    func test_run_leavesOutTheSitesTopLevelDotFiles() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(in: folder, files: ["index.html": "<p>published</p>", ".htaccess": "the user's"])
        let archive = folder.appendingPathComponent("site.tar")
        let step = ArchiveStep(output: site, archive: archive, now: fixedNow(), report: .keeping(in: LinesConsole(), verbosity: .normal))

        _ = try await step.run(progress(for: step))

        XCTAssertEqual(try TarEntries(Data(contentsOf: archive)).paths, ["index.html"])
    }

    func test_run_holdsTheHistoryItsSnapshotsAndTheirSharedFilesAsHardLinks() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let snapshot = "history/20261124T120000Z/"
        let site = try makeSite(
            in: folder,
            files: [
                "index.html": "<p>published</p>", "history/index.html": "<p>calendar</p>", "history/.removing-20261120T120000Z/index.html": "<p>going</p>",
            ])
        try FileManager.default.createDirectory(at: site.appendingPathComponent(snapshot), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: site.appendingPathComponent("index.html"), to: site.appendingPathComponent(snapshot + "index.html"))
        let archive = folder.appendingPathComponent("site.tar")
        let step = ArchiveStep(output: site, archive: archive, now: fixedNow(), report: .keeping(in: LinesConsole(), verbosity: .normal))

        _ = try await step.run(progress(for: step))

        let tar = try TarEntries(Data(contentsOf: archive))
        XCTAssertEqual(tar.paths, ["index.html", "history/", "history/index.html", snapshot, snapshot + "index.html"], "the live site first, then the history")
        XCTAssertEqual(tar.links, [snapshot + "index.html": "index.html"], "the snapshot's page is the live one, the first path in the archive")
        XCTAssertEqual(tar.entries.first { $0.path == "index.html" }.map { String(decoding: $0.data, as: UTF8.self) }, "<p>published</p>")
    }

    func test_run_thatCannotWriteTheArchiveThrowsArchiveNotWritten() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(in: folder, files: ["index.html": "<p>published</p>"])
        let notAFolder = folder.appendingPathComponent("file")
        try Data("a file".utf8).write(to: notAFolder)
        let step = ArchiveStep(
            output: site, archive: notAFolder.appendingPathComponent("site.tar"), now: fixedNow(), report: .keeping(in: LinesConsole(), verbosity: .normal))

        do {
            _ = try await step.run(progress(for: step))
            XCTFail("expected the archive not to be written")
        } catch {
            guard case .archiveNotWritten = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["file", "site"])
    }

    // MARK: - Helpers

    /// A site folder `site` in `folder` holding `files` (path from the site root → text).
    private func makeSite(in folder: URL, files: [String: String]) throws -> URL {
        let site = folder.appendingPathComponent("site")
        for (path, text) in files {
            let file = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return site
    }

    private func progress(for step: ArchiveStep) -> StepProgress {
        StepProgress(report: .keeping(in: LinesConsole()), label: step.name)
    }
}
