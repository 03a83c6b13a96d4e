import FeedCore
import FeedSiteCLI
import Foundation
import Hashing
import LoopbackHTTP
import SampleAPI
import TestSupport
import XCTest

/// `feedsite generate` against a real HTTP server on 127.0.0.1, in this process: the
/// online path, from the API to the published site and its exit codes.
final class GenerateOnlineTests: XCTestCase {
    func test_generate_rendersEveryItemOfEveryPageInFeedOrder_eachPhotosPageLinkingItsNeighbours() async throws {
        let source = SyntheticFeed(itemCount: 23, commentsPerItem: 2, imageBytes: 64, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--page-size", "5"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let pages = ["index.html", "page/2.html", "page/3.html", "page/4.html", "page/5.html"]
        var idsInOrder: [String] = []
        for page in pages {
            let html = try read(run.file(page))
            idsInOrder += matches(of: #"id="image-([0-9A-F-]{36})""#, in: html)
        }
        XCTAssertEqual(idsInOrder, (0..<23).map { SyntheticFeed.id(ofItemAt: $0).uuidString })
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.file("page/6.html").path))
        for index in 0..<23 {
            let comments = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: index).uuidString).html"))
            XCTAssertTrue(comments.contains("Comment 1 on item \(index + 1)"), "comments page of item \(index + 1)")
            XCTAssertTrue(comments.contains("Comment 2 on item \(index + 1)"), "comments page of item \(index + 1)")
            // Each photo's page links the photos before and after it in the feed, across its pages.
            let previous = matches(of: #"rel="prev" href="([0-9A-F-]{36})\.html""#, in: comments)
            let next = matches(of: #"rel="next" href="([0-9A-F-]{36})\.html""#, in: comments)
            XCTAssertEqual(previous, index == 0 ? [] : [idsInOrder[index - 1]], "item \(index + 1)")
            XCTAssertEqual(next, index == 22 ? [] : [idsInOrder[index + 1]], "item \(index + 1)")
        }
    }

    func test_generate_givesEveryImageItsSizeFromItsHeaderWhenDownloadedAndWhenFromTheCache() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()

        let downloaded = await run.generate(api: server.apiRoot, ["--page-size", "40"])
        let downloadedPage = try read(run.file("index.html"))
        let cached = await run.generate(api: server.apiRoot, ["--page-size", "40"])
        let cachedPage = try read(run.file("index.html"))

        XCTAssertEqual(downloaded.code, .success, downloaded.diagnostics)
        XCTAssertEqual(cached.code, .success, cached.diagnostics)
        XCTAssertTrue(cached.output.contains("0 downloaded"), cached.output)
        for html in [downloadedPage, cachedPage] {
            let images = matches(of: #"(<img [^>]*>)"#, in: html)
            XCTAssertEqual(images.count, DemoFeed(now: fixedNow()).itemCount)
            XCTAssertEqual(images.filter { $0.contains(#" width="360" height="360" "#) }.count, images.count, images.joined(separator: "\n"))
        }
    }

    func test_generate_namesImagesWithoutTextUntitledAndSaysWhatEveryPageIsASnapshotOf() async throws {
        let source = SyntheticFeed(itemCount: 23, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--page-size", "5"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let twelfth = SyntheticFeed.id(ofItemAt: 11).uuidString  // neither a description nor a location
        let page = try read(run.file("page/3.html"))
        let comments = try read(run.file("comments/\(twelfth).html"))
        XCTAssertTrue(page.contains(#"alt="Untitled image""#), page)
        XCTAssertTrue(comments.contains(#"alt="Untitled image""#), comments)
        for html in [try read(run.file("index.html")), page, comments] {
            XCTAssertTrue(html.contains("<p class=\"snapshot\">Snapshot of 127.0.0.1, May 20, 2024 at 11:24\u{202F}AM UTC</p>"), html)
        }
    }

    func test_generate_followsKeysetPaginationUntilTheFirstEmptyPage() async throws {
        let source = SyntheticFeed(itemCount: 25, commentsPerItem: 0, imageBytes: 32, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(server.requestCounts.feed, 4, "pages of 10, 10, 5, then the empty page")
    }

    func test_generate_stopsAtMaxItems() async throws {
        let source = SyntheticFeed(itemCount: 40, commentsPerItem: 0, imageBytes: 32, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--max-items", "15"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(server.requestCounts.feed, 2)
        XCTAssertEqual(server.requestCounts.images, 15)
        XCTAssertTrue(result.output.hasPrefix("15 items"), result.output)
    }

    /// An API that mints new items on every page was followed until someone killed the run.
    func test_generate_againstAFeedThatNeverEndsStopsAtMaxPagesSaysSoOncePublishesWhatWasReadAndExits3() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1 << 40, commentsPerItem: 1, imageBytes: 32, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--max-pages", "3"])

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        let warnings = result.diagnostics.split(separator: "\n").filter { $0.contains("--max-pages") }
        XCTAssertEqual(
            warnings,
            [
                "feedsite: warning: feed: stopped after 3 pages (--max-pages): the API kept sending new pages; 30 items were read",
                "feedsite: warning: degraded: the feed was stopped after 3 pages (--max-pages)",
            ])
        XCTAssertEqual(server.requestCounts.feed, 4, "three pages read, and the fourth that showed there were more")
        XCTAssertTrue(result.output.hasPrefix("30 items, 33 pages"), result.output)
        let verify = await runFeedsite(["verify", "--output", "site"], in: run.root)
        XCTAssertEqual(verify.code, .success, verify.diagnostics)
    }

    func test_generate_strictAgainstAFeedThatNeverEndsPublishesNothing() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1 << 40, commentsPerItem: 1, imageBytes: 32, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--max-pages", "2", "--strict"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(
            result.diagnostics.hasSuffix("feedsite: error: --strict: nothing published because the feed was stopped after 2 pages (--max-pages)"),
            result.diagnostics)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.site.path))
    }

    func test_generate_readsAFeedOfExactlyMaxPagesWholeAsLive() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 30, commentsPerItem: 1, imageBytes: 32, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--max-pages", "3"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("--max-pages"), result.diagnostics)
        XCTAssertEqual(server.requestCounts.feed, 4, "three pages, then the empty page that ends the feed")
    }

    func test_generate_storesEveryDistinctImageOnceAndNamesItBySHA256AndType() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let images = try FileManager.default.contentsOfDirectory(atPath: run.file("images").path).sorted()
        let distinct = Set((1...36).compactMap { DemoFeed(now: fixedNow()).image(at: "/images/\($0).png") })
        XCTAssertEqual(images.count, distinct.count, "36 items share \(distinct.count) distinct pictures")
        for name in images {
            let data = try Data(contentsOf: run.file("images/\(name)"))
            XCTAssertEqual(name, "\(SHA256.hexDigest(data)).png")
        }
        let blobs =
            FileManager.default.enumerator(atPath: run.cache.appendingPathComponent("images/blobs").path)?.allObjects
            .compactMap { $0 as? String }.filter { $0.count > 3 } ?? []
        XCTAssertEqual(blobs.count, distinct.count, "identical bytes are stored once in the cache")
    }

    func test_generate_titlesPagesInTheRequestedLocale() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 32, now: fixedNow()))

        for (locale, feedTitle, commentsTitle) in [("pt-BR", "Meu Feed", "Comentários"), ("el", "Το Feed μου", "Σχόλια"), ("en", "My Feed", "Comments")] {
            let run = try makeRunFolder()
            let result = await run.generate(api: server.apiRoot, ["--locale", locale])

            XCTAssertEqual(result.code, .success, result.diagnostics)
            let index = try read(run.file("index.html"))
            XCTAssertTrue(index.contains("<title>\(feedTitle)</title>"), "\(locale): \(index.prefix(400))")
            XCTAssertTrue(index.contains("<html lang=\"\(locale)\">"))
            let comments = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 0).uuidString).html"))
            XCTAssertTrue(comments.contains("<h1>\(commentsTitle)</h1>"), locale)
        }
    }

    func test_generate_showsTextHoldingHTMLAsTextOnEveryPage() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let files = try snapshotOfFiles(in: run.site).filter { $0.key.hasSuffix(".html") }
        XCTAssertEqual(files.count, 4 + 36)
        for (path, data) in files {
            let html = String(decoding: data, as: UTF8.self)
            let withoutTheSearchScript = html.replacingOccurrences(
                of: #"<script src="(\.\./)*assets/(search|viewer)\.js" defer[^<>]*></script>"#, with: "", options: .regularExpression)
            XCTAssertFalse(withoutTheSearchScript.contains("<script"), "\(path) holds a script element besides the site's scripts")
            XCTAssertFalse(html.contains("<b>"), "\(path) holds markup from the API")
            XCTAssertFalse(html.contains("<img src=x"), "\(path) holds markup from the API")
        }
        let hostile = try read(run.file("comments/\(DemoFeed.itemID(7).uuidString).html"))
        XCTAssertTrue(hostile.contains("&lt;script&gt;alert(&#39;location&#39;)&lt;/script&gt;"))
        XCTAssertTrue(hostile.contains("&lt;b&gt;mallory&lt;/b&gt;"))
        XCTAssertTrue(hostile.contains("&amp;amp; stays &amp;amp;."))
    }

    func test_generate_writesRelativeDatesAgainstTheRunsClock() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z")

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let html = try read(run.file("comments/\(DemoFeed.itemID(0).uuidString).html"))
        // DemoFeed dated its first comment 4 minutes before fixedNow(); the run is a day later.
        XCTAssertTrue(html.contains(#"<time datetime="2024-05-20T11:20:59Z""#), html)
        XCTAssertTrue(html.contains(">1 day ago</time>"), html)
    }

    func test_generate_linksEveryPageRelatively() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 32, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        for (path, data) in try snapshotOfFiles(in: run.site) where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for link in matches(of: #"(?:href|src)="([^"]*)""#, in: html) {
                if link.hasPrefix("http://127.0.0.1") { continue }  // "open original" links on placeholders only
                XCTAssertFalse(link.hasPrefix("/") || link.contains("://"), "\(path) links \(link)")
                let target = run.site.appendingPathComponent(path).deletingLastPathComponent()
                    .appendingPathComponent(String(link.split(separator: "#").first ?? "")).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), "\(path) links to missing \(link)")
            }
        }
    }

    func test_generate_showsAPlaceholderAndTheOriginalLinkForAFailedImage() async throws {
        let source = SyntheticFeed(itemCount: 3, commentsPerItem: 0, imageBytes: 32, now: fixedNow())
        let server = try makeServer(source) { request in
            request.path == "/images/synthetic-2.png" ? HTTPResponse(status: 404) : nil
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("synthetic-2.png: invalid data"), result.diagnostics)
        let index = try read(run.file("index.html"))
        XCTAssertTrue(index.contains("Image unavailable"))
        XCTAssertTrue(index.contains(#"href="\#(server.apiRoot.deletingLastPathComponent().absoluteString)images/synthetic-2.png""#), index)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.file("images").path).count, 2)
    }

    // MARK: - Helpers

    func assertInvalidFeed(_ response: HTTPResponse, mentions reason: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, now: fixedNow())) { request in
            request.path.hasSuffix("/feed") ? response : nil
        }
        let run = try makeRunFolder()
        let previous = try publishPreviousSite(in: run)

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .failure, file: file, line: line)
        XCTAssertTrue(
            result.diagnostics.contains("invalid data from \(server.apiRoot.absoluteString)/feed?limit=10"), result.diagnostics, file: file, line: line)
        XCTAssertTrue(result.diagnostics.contains(reason), result.diagnostics, file: file, line: line)
        XCTAssertEqual(try snapshotOfFiles(in: run.site), previous, "the previous site is untouched", file: file, line: line)
    }

    /// A site from an earlier run, to check that a failed run leaves it as it was.
    func publishPreviousSite(in run: RunFolder) throws -> [String: Data] {
        try FileManager.default.createDirectory(at: run.file("comments"), withIntermediateDirectories: true)
        try Data("<p>previous site</p>".utf8).write(to: run.file("index.html"))
        try Data("<p>previous comments</p>".utf8).write(to: run.file("comments/A.html"))
        try Data(feedsiteManifest(listing: ["comments/A.html", "index.html"], in: run.site).utf8).write(to: run.file("manifest.json"))
        return try snapshotOfFiles(in: run.site)
    }

    func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
