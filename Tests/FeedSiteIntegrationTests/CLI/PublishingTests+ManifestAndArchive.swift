import FeedCore
import FeedSiteCLI
import FileSystem
import Foundation
import Hashing
import LoopbackHTTP
import Publishing
import SampleAPI
import SiteGenerator
import TestSupport
import XCTest

/// What a run leaves for checking and keeping: the manifest, `verify`, the tar archive.
extension PublishingTests {
    func test_manifest_listsEveryFileWithItsSizeAndSHA256AndTheRunsFacts() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 4, commentsPerItem: 2, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()

        _ = await run.generate(api: server.apiRoot, now: now)

        let manifest = try Manifest.read(from: run.site)
        let files = try snapshotOfFiles(in: run.site).filter { $0.key != "manifest.json" && $0.key != PageRecord.fileName }
        XCTAssertEqual(manifest.files.map(\.path), files.keys.sorted())
        for entry in manifest.files {
            XCTAssertEqual(entry.size, files[entry.path]?.count, entry.path)
            XCTAssertEqual(entry.sha256, files[entry.path].map { SHA256.hexDigest($0) }, entry.path)
        }
        XCTAssertEqual(manifest.run.api, server.apiRoot.absoluteString)
        XCTAssertEqual(manifest.run.now, now)
        XCTAssertEqual(manifest.run.feedSource, "live")
        XCTAssertNil(manifest.run.feedSavedAt)
        XCTAssertEqual(manifest.run.items, 4)
        XCTAssertEqual(manifest.run.images, 4)
        XCTAssertEqual(manifest.run.comments, 8)
        XCTAssertEqual(manifest.run.locales, ["en"])
    }

    func test_manifest_recordsAFeedFromTheCacheAndItsAge() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)
        await server.stop()

        _ = await run.generate(api: server.apiRoot, now: "2024-05-23T11:24:59Z")

        let manifest = try Manifest.read(from: run.site)
        XCTAssertEqual(manifest.run.feedSource, "cache")
        XCTAssertEqual(manifest.run.feedSavedAt, now)
    }

    func test_verify_passesOnAPublishedSiteAndCatchesEditedDeletedAndAddedFiles() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)

        let intact = await runFeedsite(["verify", "--output", "site"], in: run.root)
        XCTAssertEqual(intact.code, .success, intact.diagnostics)
        XCTAssertTrue(intact.output.contains("all 34 files match manifest.json"), intact.output)

        try Data("<p>edited</p>".utf8).write(to: run.file("page/2.html"))
        try FileManager.default.removeItem(at: run.file("comments/\(SyntheticFeed.id(ofItemAt: 3).uuidString).html"))
        try Data("hello".utf8).write(to: run.file("images/notes.txt"))
        try Data("user's own".utf8).write(to: run.file(".htaccess"))

        let broken = await runFeedsite(["verify", "--output", "site"], in: run.root)
        XCTAssertEqual(broken.code, .failure)
        XCTAssertEqual(
            broken.output.split(separator: "\n").map(String.init),
            ["missing  comments/\(SyntheticFeed.id(ofItemAt: 3).uuidString).html", "changed  page/2.html", "extra    images/notes.txt"]
        )
        XCTAssertTrue(broken.diagnostics.contains("1 missing, 1 changed, 1 extra"), broken.diagnostics)
    }

    func test_verify_explainsAFolderWithoutManifest() async throws {
        let run = try makeRunFolder()
        try FileManager.default.createDirectory(at: run.site, withIntermediateDirectories: true)

        let result = await runFeedsite(["verify", "--output", "site"], in: run.root)

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.contains("no manifest.json in \(run.site.path)"), result.diagnostics)
    }

    func test_archive_holdsThePublishedSiteForGNUTar() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 700, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: now, ["--archive", "snapshot.tar"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let extracted = run.root.appendingPathComponent("extracted")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", run.root.appendingPathComponent("snapshot.tar").path, "-C", extracted.path]
        try tar.run()
        tar.waitUntilExit()
        XCTAssertEqual(tar.terminationStatus, 0)
        XCTAssertEqual(
            try snapshotOfFiles(in: extracted), try snapshotOfFiles(in: run.site).filter { $0.key != PageRecord.fileName }, "the site, its dot-files aside")
        let attributes = try FileManager.default.attributesOfItem(atPath: extracted.appendingPathComponent("index.html").path)
        XCTAssertEqual(attributes[.modificationDate] as? Date, fixedNow(), "times come from --now")
    }

    func test_archive_thatCannotBeWrittenIsReportedWithoutHidingThePublishedSite() async throws {
        let run = try makeRunFolder()
        // Free when the run checks its flags, a folder by the time it archives.
        let taken = run.root.appendingPathComponent("taken.tar/inside")
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 48, now: fixedNow())) { _ in
            try? FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
            return nil
        }

        let result = await run.generate(api: server.apiRoot, now: now, ["--archive", "taken.tar"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.contains("the site was published to \(run.site.path), but the archive was not written"), result.diagnostics)
        XCTAssertTrue(FileManager.default.fileExists(atPath: run.file("index.html").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: run.root.path).filter { $0.contains("feedsite-tmp") }
        XCTAssertEqual(leftovers, [], "no partial archive is left behind")
    }

    /// What a run killed while writing its archive, its WACZ or its metrics left beside
    /// them goes with the next run that writes them.
    func test_archiveWACZAndMetrics_removeThePartialFilesAKilledRunLeftBesideThem() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let killed = pid_t.max
        let partial = ["site.tar", "feed.wacz", "feedsite.prom"].map { ".feedsite-tmp-\(killed)-7-\($0).tmp" }
        for name in partial + ["notes.txt"] { try Data(repeating: 0x41, count: 4_096).write(to: run.root.appendingPathComponent(name)) }

        let result = await run.generate(
            api: server.apiRoot, now: now, ["--archive", "site.tar", "--warc", "warc", "--wacz", "feed.wacz", "--metrics-file", "feedsite.prom"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: run.root.path).filter { $0 != ".site.lock" }.sorted(),
            ["cache", "feed.wacz", "feedsite.prom", "notes.txt", "site", "site.tar", "warc"])
    }

    func test_archive_insideTheOutputFolderIsRefused() async throws {
        let run = try makeRunFolder()

        let result = await run.generate(api: URL(string: "http://127.0.0.1:9/v1")!, ["--archive", "site/site.tar"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(result.diagnostics.contains("is inside the output folder"), result.diagnostics)
    }
}
