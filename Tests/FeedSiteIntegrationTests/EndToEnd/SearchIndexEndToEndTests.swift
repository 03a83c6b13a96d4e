import FeedCore
import FeedSiteCLI
import FeedStorage
import Foundation
import Publishing
import SampleAPI
import SiteGenerator
import TestSupport
import XCTest

/// Each locale's search index as `feedsite generate` publishes it, through the built
/// executable, read back with the page script's walk (`SearchIndexReader`).
final class SearchIndexEndToEndTests: XCTestCase {
    private let now = "2024-05-20T11:24:59Z"
    private let locales = ["search", "el/search", "pt-BR/search"]

    func test_generate_writesEachLocalesIndexOfOneGenerationWithEveryFileItNamesInTheManifestAndTheArchive() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: DemoFeed(now: fixedNow()))
        defer { server.stop() }

        let run = try ExecutableRunner.run(generate(server, "--locale", "all", "--archive", "site.tar"), in: folder)

        XCTAssertEqual(run.status, ExitCode.success.rawValue, run.standardError)
        let site = folder.appendingPathComponent("site")
        let indexes = try locales.map { try SearchIndexReader(folder: site.appendingPathComponent($0)) }
        let generation = indexes[0].root.generation
        XCTAssertEqual(indexes.map(\.root.generation), Array(repeating: generation, count: locales.count))
        XCTAssertEqual(indexes.map(\.root.items), Array(repeating: 36, count: locales.count))
        let manifest = Set(try Manifest.read(from: site).files.map(\.path))
        let archive = try archivedPaths(folder.appendingPathComponent("site.tar"))
        for (locale, index) in zip(locales, indexes) {
            let files = index.fileNames.map { "\(locale)/\(generation)/\($0).js" } + ["\(locale)/index.js"]
            XCTAssertEqual(Set(regularFiles(under: site).filter { $0.hasPrefix(locale + "/") }), Set(files), "\(locale): the files the root names, no other")
            XCTAssertEqual(Set(files).subtracting(manifest), [], "\(locale): in manifest.json")
            XCTAssertEqual(Set(files).subtracting(archive), [], "\(locale): in the archive")
            for name in index.fileNames { XCTAssertNoThrow(try index.value(ofFile: name), "\(locale): \(name)") }
        }
        XCTAssertEqual(regularFiles(under: folder).filter { $0.contains("scratch") }, [], "no scratch file is left")
    }

    func test_generate_ofAnEmptyFeedWritesAnIndexThatFindsNothing() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 0, now: fixedNow()))
        defer { server.stop() }

        let run = try ExecutableRunner.run(generate(server), in: folder)

        XCTAssertEqual(run.status, ExitCode.success.rawValue, run.standardError)
        let index = try SearchIndexReader(folder: folder.appendingPathComponent("site/search"))
        XCTAssertEqual(index.root.items, 0)
        XCTAssertEqual(index.fileNames, [], "no term file, no item file")
        XCTAssertEqual(try index.items(matching: ["a"]), [])
    }

    func test_generate_sameDataAndClockGiveByteIdenticalSearchFolders() throws {
        let first = try makeTemporaryFolder(for: self)
        let second = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 60, commentsPerItem: 3, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }

        let a = try ExecutableRunner.run(generate(server, "--locale", "en", "--locale", "el"), in: first)
        let b = try ExecutableRunner.run(generate(server, "--locale", "en", "--locale", "el"), in: second)

        XCTAssertEqual(a.status, ExitCode.success.rawValue, a.standardError)
        XCTAssertEqual(b.status, ExitCode.success.rawValue, b.standardError)
        let search = try searchFiles(in: first.appendingPathComponent("site"))
        XCTAssertEqual(search.keys.filter { $0.hasSuffix("/index.js") }.sorted(), ["el/search/index.js", "search/index.js"])
        XCTAssertGreaterThan(search.count, 2 * (1 + 1 + 60 / SearchDocument.docsPerFile))
        XCTAssertEqual(try searchFiles(in: second.appendingPathComponent("site")), search)
    }

    func test_query_findsTheDemosItemsByWordsWithoutTheirAccents() throws {
        let folder = try makeTemporaryFolder(for: self)
        let source = DemoFeed(now: fixedNow())
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }

        let run = try ExecutableRunner.run(generate(server, "--locale", "all"), in: folder)

        XCTAssertEqual(run.status, ExitCode.success.rawValue, run.standardError)
        for locale in locales {
            let index = try SearchIndexReader(folder: folder.appendingPathComponent("site/\(locale)"))
            for (query, said) in [("αθηνα", "Αθήνα"), ("sao paulo", "São Paulo"), ("SÃO Paul", "São Paulo")] {
                let expected = (0..<source.itemCount).filter { item in source.comments(forItemAt: item).contains { $0.message.contains(said) } }
                XCTAssertEqual(expected.count, 1, said)

                let found = try index.items(matching: SearchTerms.terms(of: query))

                XCTAssertEqual(found, expected, "\(locale): \(query)")
                XCTAssertEqual(try found.map { try index.record(ofItem: $0)[0] as? String }, expected.map { DemoFeed.itemID($0).uuidString })
            }
            XCTAssertEqual(try index.items(matching: SearchTerms.terms(of: "αθηνα paulo")), [], "\(locale): every word must match")
        }
    }

    func test_query_findsAnItemTheFeedListsTwiceOnce() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 5, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }
        let live = try ExecutableRunner.run(generate(server), in: folder)
        XCTAssertEqual(live.status, ExitCode.success.rawValue, live.standardError)
        // The API never lists an item twice (the feed is refused if it does); a cache that an
        // earlier release saved may.
        let cache = CacheContents(folder: folder.appendingPathComponent("cache"))
        let feed = try XCTUnwrap(try cache.cachedFeed())
        try cache.opening { try SQLiteFeedStore($0.database).insert(feed.feed + [feed.feed[1]], timestamp: feed.timestamp) }

        let offline = try ExecutableRunner.run(generate(server, "--offline"), in: folder)

        XCTAssertEqual(offline.status, ExitCode.degraded.rawValue, offline.standardError)
        let index = try SearchIndexReader(folder: folder.appendingPathComponent("site/search"))
        XCTAssertEqual(index.root.items, 6)
        XCTAssertEqual(try index.items(matching: ["item", "2"]), [1], "item 2, listed again in sixth place, is found once")
        XCTAssertEqual(try index.items(matching: ["synthetic"]), [0, 1, 3, 4], "every item with a description, once")
        XCTAssertEqual(try index.record(ofItem: 5)[0] as? String, SyntheticFeed.id(ofItemAt: 1).uuidString, "the record is there all the same")
    }

    // MARK: - Helpers

    private func generate(_ server: SampleAPIServer, _ extra: String...) -> [String] {
        ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--now", now] + extra
    }

    /// Every file under the `search/` folders of `site` (path → bytes).
    private func searchFiles(in site: URL) throws -> [String: Data] {
        try snapshotOfFiles(in: site).filter { $0.key.hasPrefix("search/") || $0.key.contains("/search/") }
    }

    /// The paths in a tar archive, as GNU tar lists them.
    private func archivedPaths(_ archive: URL) throws -> Set<String> {
        let listing = try GNUTar.output(["-tf", archive.path], in: archive.deletingLastPathComponent())
        return Set(String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
