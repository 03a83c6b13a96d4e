import Basics
import FeedCore
import FeedSiteCLI
import Foundation
import SampleAPI
import TestSupport
import XCTest

/// `--base-url`: the JSON and Atom feeds and the sitemap, read back as a feed
/// reader and a crawler would, item dates carried across runs, and the manifest, `verify`
/// and the archive covering the new files.
final class SyndicationTests: XCTestCase {
    private let base = "https://example.org/feed"

    func test_generate_withABaseURLWritesFeedsEveryItemOfWhichHasItsPageAndPublishedImage() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--base-url", base, "--page-size", "5"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("feeds for https://example.org/feed/: feed.json, feed.atom, sitemap.xml"), result.diagnostics)
        let json = try JSONReader.read(Data(contentsOf: run.file("feed.json")))
        XCTAssertEqual(json["version"]?.string, "https://jsonfeed.org/version/1.1")
        XCTAssertEqual(json["feed_url"]?.string, "https://example.org/feed/feed.json")
        XCTAssertEqual(json["home_page_url"]?.string, "https://example.org/feed/")
        let items = try XCTUnwrap(json["items"]?.array)
        XCTAssertEqual(items.compactMap { $0["id"]?.string }, (0..<12).map { SyntheticFeed.id(ofItemAt: $0).uuidString })
        for item in items {
            let id = try XCTUnwrap(item["id"]?.string)
            XCTAssertEqual(item["url"]?.string, "https://example.org/feed/comments/\(id).html")
            XCTAssertTrue(try fileExists(at: XCTUnwrap(item["url"]?.string), in: run), id)
            XCTAssertTrue(try fileExists(at: XCTUnwrap(item["image"]?.string), in: run), id)
            let attachment = try XCTUnwrap(item["attachments"]?.array?.first)
            XCTAssertEqual(attachment["url"], item["image"])
            XCTAssertEqual(attachment["mime_type"]?.string, "image/png")
            let imagePath = try XCTUnwrap(attachment["url"]?.string).replacingOccurrences(of: "https://example.org/feed/", with: "")
            XCTAssertEqual(attachment["size_in_bytes"]?.number, Double(try Data(contentsOf: run.file(imagePath)).count))
            XCTAssertEqual(item["date_published"]?.string, "2024-05-20T11:24:59Z")
        }
        let atom = try XMLTestTreeBuilder.parse(read(run.file("feed.atom")))
        let entries = atom.children("entry")
        XCTAssertEqual(try entries.map { try $0.child("id").text }, (0..<12).map { "urn:uuid:" + SyntheticFeed.id(ofItemAt: $0).uuidString.lowercased() })
        for entry in entries {
            let links = entry.children("link")
            let enclosure = try XCTUnwrap(links.first { $0.attributes["rel"] == "enclosure" })
            let path = try XCTUnwrap(enclosure.attributes["href"]).replacingOccurrences(of: "https://example.org/feed/", with: "")
            XCTAssertEqual(enclosure.attributes["type"], "image/png")
            XCTAssertEqual(enclosure.attributes["length"], "\(try Data(contentsOf: run.file(path)).count)")
            XCTAssertTrue(try fileExists(at: XCTUnwrap(links.first { $0.attributes["rel"] == "alternate" }?.attributes["href"]), in: run))
        }
    }

    func test_generate_withABaseURLAndSeveralLocalesWritesEachLocalesFeedsAndOneSitemapOfEveryPage() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 7, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--base-url", base + "/", "--page-size", "5", "--locale", "en", "--locale", "el"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let greek = try JSONReader.read(Data(contentsOf: run.file("el/feed.json")))
        XCTAssertEqual(greek["language"]?.string, "el")
        XCTAssertEqual(greek["feed_url"]?.string, "https://example.org/feed/el/feed.json")
        XCTAssertEqual(try XMLTestTreeBuilder.parse(read(run.file("el/feed.atom"))).attributes["xml:lang"], "el")
        let sitemap = try XMLTestTreeBuilder.parse(read(run.file("sitemap.xml")))
        let urls = sitemap.children("url")
        XCTAssertEqual(urls.count, 2 * (2 + 7), "two feed pages and seven comments pages in each of two locales")
        for url in urls {
            let loc = try url.child("loc").text
            XCTAssertTrue(fileExists(at: loc, in: run), loc)
            XCTAssertEqual(url.children("link").compactMap { $0.attributes["hreflang"] }, ["en", "el"], loc)
        }
        let page = try read(run.file("el/page/2.html"))
        XCTAssertTrue(page.contains(#"<link rel="canonical" href="https://example.org/feed/el/page/2.html">"#), page)
        XCTAssertTrue(page.contains(#"type="application/atom+xml" title="Το Feed μου" href="../feed.atom">"#), page)
    }

    func test_generate_withoutABaseURLWritesNoFeedNoSitemapAndNoAbsoluteLink() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        for file in ["feed.json", "feed.atom", "sitemap.xml"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: run.file(file).path), file)
        }
        for (path, data) in try snapshotOfFiles(in: run.site) where path.hasSuffix(".html") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("example.org"), path)
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("rel=\"canonical\""), path)
        }
    }

    func test_generate_keepsEachItemsFirstSeenDateAcrossRuns() async throws {
        let feed = RotatingFeed(itemsShown: 4, replacedPerDay: 1, days: 3)
        let server = try makeServer(feed)
        let run = try makeRunFolder()
        let days = ["2024-05-01T08:00:00Z", "2024-05-02T08:00:00Z", "2024-05-03T08:00:00Z"]

        for (day, now) in days.enumerated() {
            feed.day = day
            let result = await run.generate(api: server.apiRoot, now: now, ["--base-url", base])
            XCTAssertEqual(result.code, .success, "day \(day): \(result.diagnostics)")
        }

        // Day 2 shows items 3 to 6: items 3 and 4 since day 0, item 5 since day 1, item 6 new.
        let items = try XCTUnwrap(JSONReader.read(Data(contentsOf: run.file("feed.json")))["items"]?.array)
        let dates = Dictionary(uniqueKeysWithValues: items.compactMap { item in item["id"]?.string.map { ($0, item["date_published"]?.string) } })
        XCTAssertEqual(items.compactMap { $0["id"]?.string }, [6, 5, 3, 4].map { SyntheticFeed.id(ofItemAt: $0 - 1).uuidString }, "newest first")
        XCTAssertEqual(dates[SyntheticFeed.id(ofItemAt: 2).uuidString], days[0])
        XCTAssertEqual(dates[SyntheticFeed.id(ofItemAt: 3).uuidString], days[0])
        XCTAssertEqual(dates[SyntheticFeed.id(ofItemAt: 4).uuidString], days[1])
        XCTAssertEqual(dates[SyntheticFeed.id(ofItemAt: 5).uuidString], days[2])
        let atom = try XMLTestTreeBuilder.parse(read(run.file("feed.atom")))
        XCTAssertEqual(try atom.child("updated").text, days[2], "the feed is as new as its newest item")
    }

    func test_generate_offlineWritesTheFeedsOfTheCachedFeedWithItsFirstSeenDates() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let live = await run.generate(api: server.apiRoot, now: "2024-05-18T09:00:00Z")
        let offline = await run.generate(api: server.apiRoot, now: "2024-05-20T11:24:59Z", ["--offline", "--base-url", base])

        XCTAssertEqual(live.code, .success, live.diagnostics)
        XCTAssertEqual(offline.code, .degraded, offline.diagnostics)
        let items = try XCTUnwrap(JSONReader.read(Data(contentsOf: run.file("feed.json")))["items"]?.array)
        XCTAssertEqual(items.compactMap { $0["id"]?.string }, (0..<3).map { SyntheticFeed.id(ofItemAt: $0).uuidString })
        XCTAssertEqual(items.compactMap { $0["date_published"]?.string }, Array(repeating: "2024-05-18T09:00:00Z", count: 3))
    }

    func test_generate_givesByteIdenticalFeedsForTheSameDataClockAndCache() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()
        let files = ["feed.json", "feed.atom", "sitemap.xml", "el/feed.json", "el/feed.atom"]

        let first = await run.generate(api: server.apiRoot, ["--base-url", base, "--locale", "en", "--locale", "el"])
        let before = try files.map { try Data(contentsOf: run.file($0)) }
        let second = await run.generate(api: server.apiRoot, ["--base-url", base, "--locale", "en", "--locale", "el"])

        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(second.code, .success, second.diagnostics)
        XCTAssertEqual(try files.map { try Data(contentsOf: run.file($0)) }, before)
    }

    func test_generate_listsTheFeedsInTheManifestVerifiesThemAndArchivesThem() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--base-url", base, "--archive", "site.tar"])
        let manifest = try read(run.file("manifest.json"))
        let verified = await runFeedsite(["verify", "--output", "site"], in: run.root)
        try Data("{}".utf8).write(to: run.file("feed.json"))
        let tampered = await runFeedsite(["verify", "--output", "site"], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        for file in ["feed.json", "feed.atom", "sitemap.xml"] {
            XCTAssertTrue(manifest.contains("\"\(file)\""), file)
        }
        XCTAssertEqual(verified.code, .success, verified.diagnostics)
        XCTAssertNotEqual(tampered.code, .success)
        XCTAssertTrue(tampered.diagnostics.contains("1 changed"), tampered.diagnostics)
        let archived = try listTar(run.root.appendingPathComponent("site.tar"))
        XCTAssertTrue(Set(archived).isSuperset(of: ["feed.json", "feed.atom", "sitemap.xml"]), archived.joined(separator: ", "))
    }

    // MARK: - Helpers

    /// Whether the address names a file of the site under `base`.
    private func fileExists(at address: String, in run: RunFolder) -> Bool {
        guard address.hasPrefix("https://example.org/feed/") else { return false }
        var path = String(address.dropFirst("https://example.org/feed/".count))
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        return FileManager.default.fileExists(atPath: run.file(path).path)
    }

    private func listTar(_ archive: URL) throws -> [String] {
        let tar = Process()
        let pipe = Pipe()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-tf", archive.path]
        tar.standardOutput = pipe
        try tar.run()
        let listing = pipe.fileHandleForReading.readDataToEndOfFile()
        tar.waitUntilExit()
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : String($0) }
    }
}
