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

/// Publishing for cron, CI and archives: reproducible and incremental output,
/// the manifest and `verify`, tar archives, the lock, several locales, `--strict`.
final class PublishingTests: XCTestCase {
    let now = "2024-05-20T11:24:59Z"

    func test_generate_givesIdenticalTreesAndArchivesForTheSameDataAndClock() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let first = try makeRunFolder()
        let second = try makeRunFolder()

        let a = await first.generate(api: server.apiRoot, now: now, ["--archive", "site.tar"])
        let b = await second.generate(api: server.apiRoot, now: now, ["--archive", "site.tar"])
        let warm = await runFeedsite(
            [
                "generate", "--api", server.apiRoot.absoluteString, "--output", "again", "--cache", "cache", "--now",
                now, "--archive", "again.tar",
            ],
            in: first.root
        )

        XCTAssertEqual(a.code, .success, a.diagnostics)
        XCTAssertEqual(b.code, .success, b.diagnostics)
        XCTAssertEqual(warm.code, .success, warm.diagnostics)
        let tree = try snapshotOfFiles(in: first.site)
        let searchIndex = 1 + 1 + 5
        XCTAssertEqual(
            tree.count, 4 + 36 + 32 + 5 + searchIndex + 1,
            "pages, comments pages, distinct images, stylesheet, search and viewer scripts, icon, manifest, the search index (its root, its terms, its 36 items in 5 files), and the record of what each page was made from"
        )
        XCTAssertNotNil(tree[PageRecord.fileName])
        XCTAssertEqual(try snapshotOfFiles(in: second.site), tree, "cold run into another folder")
        XCTAssertEqual(try snapshotOfFiles(in: first.root.appendingPathComponent("again")), tree, "warm run into another folder")
        let archive = try Data(contentsOf: first.root.appendingPathComponent("site.tar"))
        XCTAssertEqual(try Data(contentsOf: second.root.appendingPathComponent("site.tar")), archive)
        XCTAssertEqual(try Data(contentsOf: first.root.appendingPathComponent("again.tar")), archive)
    }

    func test_generate_takesTheClockFromSourceDateEpoch() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 2, imageBytes: 48, now: fixedNow()))
        let pinned = try makeRunFolder()
        let epoch = try makeRunFolder()

        _ = await pinned.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z")
        let result = await runFeedsite(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache"],
            in: epoch.root,
            variables: ["SOURCE_DATE_EPOCH": String(Int(fixedNow().timeIntervalSince1970) + 86_400)]
        )

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try snapshotOfFiles(in: epoch.site), try snapshotOfFiles(in: pinned.site))
    }

    func test_generate_rerunWithNothingChangedRequestsNoImageAndKeepsEveryFileAsItWas() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)
        let before = try fileIdentities(in: run.site)
        let imageRequests = server.requestCounts.images

        let again = await run.generate(api: server.apiRoot, now: now, ["--verbose"])

        XCTAssertEqual(again.code, .success, again.diagnostics)
        XCTAssertEqual(server.requestCounts.images, imageRequests, "no image is downloaded again")
        XCTAssertEqual(try fileIdentities(in: run.site), before, "every file keeps its inode and modification time")
        XCTAssertTrue(again.diagnostics.contains("files: 0 written, 52 unchanged"), again.diagnostics)
    }

    func test_generate_rewritesOnlyThePagesThatChanged() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)
        let before = try fileIdentities(in: run.site)

        _ = await run.generate(api: server.apiRoot, now: "2024-05-20T12:24:59Z")

        let after = try fileIdentities(in: run.site)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        // An hour later every page's snapshot line and every comment's relative date moved, and
        // the manifest records the clock; the images and the stylesheet are as they were.
        let expected = Set((0..<3).map { "comments/\(SyntheticFeed.id(ofItemAt: $0).uuidString).html" } + ["index.html", "manifest.json"])
        XCTAssertEqual(changed, expected)
        XCTAssertFalse(after.keys.filter { $0.hasPrefix("images/") || $0.hasPrefix("assets/") }.isEmpty)
    }

    func test_generate_refusesToRunWhileAnotherRunHoldsTheCacheOrOutputLock() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)
        let published = try snapshotOfFiles(in: run.site)
        let requests = server.requestCounts.total

        for lockFile in [run.cache.appendingPathComponent(".lock"), run.root.appendingPathComponent(".site.lock")] {
            let held = try RunLock.acquire(lockFile, startedAt: fixedNow())
            let second = await run.generate(api: server.apiRoot, now: now)

            XCTAssertEqual(second.code, .failure, lockFile.path)
            XCTAssertTrue(
                second.diagnostics.contains("another feedsite run (pid \(getpid()), started 2024-05-20T11:24:59Z) holds the lock \(lockFile.path)"),
                second.diagnostics)
            withExtendedLifetime(held) {}
        }
        XCTAssertEqual(server.requestCounts.total, requests, "the refused runs made no request")
        XCTAssertEqual(try snapshotOfFiles(in: run.site), published)
    }

    func test_generate_takesOverALockFileLeftByADeadRun() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, now: fixedNow()))
        let run = try makeRunFolder()
        try FileManager.default.createDirectory(at: run.cache, withIntermediateDirectories: true)
        try Data("pid 999999, started 2020-01-01T00:00:00Z\n".utf8).write(to: run.cache.appendingPathComponent(".lock"))

        let result = await run.generate(api: server.apiRoot, now: now)

        XCTAssertEqual(result.code, .success, result.diagnostics)
    }

    func test_generate_writesEveryLocaleWithSwitcherAndAlternates() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: now, ["--locale", "en", "--locale", "el", "--locale", "pt-BR"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let id = SyntheticFeed.id(ofItemAt: 0).uuidString
        for (path, lang, title) in [("index.html", "en", "My Feed"), ("el/index.html", "el", "Το Feed μου"), ("pt-BR/page/2.html", "pt-BR", "Meu Feed")] {
            let html = try read(run.file(path))
            XCTAssertTrue(html.contains("<html lang=\"\(lang)\">"), path)
            XCTAssertTrue(html.contains("<h1>\(title)</h1>"), path)
        }
        let greekComments = try read(run.file("el/comments/\(id).html"))
        XCTAssertTrue(greekComments.contains(#"<link rel="alternate" hreflang="en" href="../../comments/\#(id).html">"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<link rel="alternate" hreflang="pt-BR" href="../../pt-BR/comments/\#(id).html">"#))
        XCTAssertTrue(greekComments.contains(#"<span class="language current" lang="el" aria-current="page">Ελληνικά</span>"#))
        XCTAssertTrue(
            greekComments.contains(#"<a class="language" lang="pt-BR" hreflang="pt-BR" href="../../pt-BR/comments/\#(id).html">Português (Brasil)</a>"#))
        XCTAssertTrue(greekComments.contains(#"src="../../images/"#), "images are shared by every locale")
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.file("el/images").path))
        let manifest = try Manifest.read(from: run.site)
        XCTAssertEqual(manifest.run.locales, ["en", "el", "pt-BR"])
    }

    func test_generate_withLocaleAllWritesEveryLocaleEnglishFirst() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: now, ["--locale", "all"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try Manifest.read(from: run.site).run.locales, ["en", "el", "pt-BR"])
    }

    func test_strict_publishesNothingForADegradedRun() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: now)
        let published = try snapshotOfFiles(in: run.site)
        await server.stop()

        let result = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z", ["--strict"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.contains("--strict: nothing published because the feed came from the cache"), result.diagnostics)
        XCTAssertEqual(try snapshotOfFiles(in: run.site), published)
    }

    func test_strict_publishesALiveRunAsUsual() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: now, ["--strict"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
    }

    func test_generate_keepsTheUsersDotFilesInTheOutput() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        try FileManager.default.createDirectory(at: run.site, withIntermediateDirectories: true)
        try Data("Options -Indexes\n".utf8).write(to: run.file(".htaccess"))

        _ = await run.generate(api: server.apiRoot, now: now)
        _ = await run.generate(api: server.apiRoot, now: now)

        XCTAssertEqual(try read(run.file(".htaccess")), "Options -Indexes\n")
    }

    /// Path → (inode, modification time) of every file under `folder`.
    func fileIdentities(in folder: URL) throws -> [String: String] {
        var identities: [String: String] = [:]
        for path in try SiteFiles.list(folder) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            let inode = attributes[.systemFileNumber] as? Int ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            identities[path] = "\(inode)@\(modified)"
        }
        return identities
    }
}
