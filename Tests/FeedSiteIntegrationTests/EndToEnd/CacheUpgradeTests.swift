import FeedCore
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// A cache written by the feedsite before the database (one file per fact: `feed.json`,
/// `comments/`, `images/index`, `images/references`) is taken over by the first run of this
/// one, through the built executable as cron runs it: the run says so in one line, publishes
/// what the earlier feedsite did, keeps the blobs, removes the old files, and the runs after
/// it go on as if nothing happened.
final class CacheUpgradeTests: XCTestCase {
    /// Made by feedsite 0.1.0 (5728964): `cache/` by `feedsite demo --output site --cache cache
    /// --now 2024-05-20T11:24:59Z --max-items 4 --page-size 2`, `offline-manifest.json` by `feedsite
    /// generate --offline --output offline --cache <a copy of cache> --now 2024-05-21T11:24:59Z --page-size 2`.
    fileprivate static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/EarlierCacheLayout")
    fileprivate static let dayAfter = "2024-05-21T11:24:59Z"
    /// The sample API the fixture was made from, at port 48080 in its image URLs.
    fileprivate static let fixtureHost = "127.0.0.1:48080"

    func test_generateOffline_onACacheOfTheEarlierLayoutPublishesTheCachedFeedWithEveryCommentAndImage() throws {
        let scene = try Scene(testCase: self)

        let offline = try scene.run(scene.offline)

        XCTAssertEqual(offline.status, 3, offline.standardError)
        XCTAssertTrue(
            offline.standardOutput.hasPrefix(
                "4 items, 6 pages (2 feed, 4 comments), images 0 downloaded / 4 from cache / 0 failed, 9 comments, from the cached feed saved 1 day ago"),
            offline.standardOutput)
        let manifest = try Self.manifest(scene.folder.appendingPathComponent("site/manifest.json"))
        let earlier = try Self.manifest(Self.fixture.appendingPathComponent("offline-manifest.json"))
        XCTAssertEqual(manifest.run, earlier.run, "the same facts: 4 items, 9 comments, 4 lists and the feed from the cache")
        // The earlier release had no search, no photo viewer and no icon: their files are the
        // one thing added.
        let added = ["assets/search.js", "assets/viewer.js", "assets/icon.png"]
        let searchFiles = manifest.files.keys.filter { $0.hasPrefix("search/") || added.contains($0) }
        XCTAssertTrue(searchFiles.contains("search/index.js"), "\(searchFiles)")
        XCTAssertEqual(manifest.files.keys.filter { !searchFiles.contains($0) }.sorted(), earlier.files.keys.sorted(), "the same pages and images")
        XCTAssertEqual(manifest.files.filter { $0.key.hasPrefix("images/") }, earlier.files.filter { $0.key.hasPrefix("images/") }, "the same image bytes")
        for (id, comments, _) in try Self.fixtureComments() {
            let page = try read(scene.folder.appendingPathComponent("site/comments/\(id).html"))
            for comment in comments {
                XCTAssertTrue(page.contains(Self.escaped(comment.message)), "\(id): \(comment.message)")
                XCTAssertTrue(page.contains(Self.escaped(comment.username)), "\(id): \(comment.username)")
            }
        }
    }

    func test_generateOffline_movesTheEarlierLayoutIntoTheDatabaseOnceSayingSoInOneLineAndKeepsTheBlobs() throws {
        let scene = try Scene(testCase: self)
        let blobs = try CacheContents(folder: Self.fixture.appendingPathComponent("cache")).blobNames()

        let first = try scene.run(scene.offline)
        let site = try snapshotOfFiles(in: scene.folder.appendingPathComponent("site"))
        let second = try scene.run(scene.offline)

        XCTAssertEqual(first.status, 3, first.standardError)
        XCTAssertEqual(
            first.standardError.split(separator: "\n").filter { $0.hasPrefix("cache:") },
            ["cache: moved the cache of an earlier feedsite into \(scene.cache.database.path): the feed (4 items), the comments of 4 images, 4 image URLs"])
        XCTAssertEqual(
            first.standardError.split(separator: "\n").filter { $0.contains("warning") },
            ["feedsite: warning: degraded: the feed came from the cache, 4 comments lists came from the cache"], "the offline run's one warning, as before")
        XCTAssertEqual(try scene.cache.entries(), [".lock", "cache.sqlite", "images"], "feed.json, comments/ and images/references are gone")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scene.cache.folder.appendingPathComponent("images").path), ["blobs"])
        XCTAssertEqual(try scene.cache.blobNames(), blobs, "the image bytes stay where they were")
        XCTAssertEqual(
            try scene.cache.tableCounts(), ["feed": 1, "feed_items": 4, "comments": 4, "blobs": 4, "images": 4, "rendition_sets": 8, "renditions": 0],
            "small pictures: no renditions, but each its placeholder; and what each original's metadata came to, remembered so that a later run does not read it again"
        )
        XCTAssertEqual(try scene.cache.values("SELECT etag FROM comments"), Set(try Self.fixtureComments().map(\.etag)), "the validators came along")

        XCTAssertEqual(second.status, 3, second.standardError)
        XCTAssertFalse(second.standardError.contains("cache:"), "nothing left to move: \(second.standardError)")
        XCTAssertEqual(try snapshotOfFiles(in: scene.folder.appendingPathComponent("site")), site, "the same site again")

        let api = try scene.fixturesAPI()
        let live = try scene.run(scene.live(api.api))
        XCTAssertEqual(live.status, 0, live.standardError)
        XCTAssertFalse(live.standardError.contains("warning"), live.standardError)
        XCTAssertTrue(live.standardOutput.contains("images 0 downloaded / 4 from cache / 0 failed"), live.standardOutput)
    }

    func test_generate_theFirstCronRunAfterTheUpgradeSucceedsWithoutAWarningAndAsksWithTheCachedValidators() throws {
        let scene = try Scene(testCase: self)
        let api = try scene.fixturesAPI()

        let live = try scene.run(scene.live(api.api))

        XCTAssertEqual(live.status, 0, live.standardError)
        XCTAssertFalse(live.standardError.contains("warning"), live.standardError)
        XCTAssertFalse(live.standardError.contains("error"), live.standardError)
        XCTAssertTrue(
            live.standardOutput.hasPrefix(
                "4 items, 6 pages (2 feed, 4 comments), images 0 downloaded / 4 from cache / 0 failed, 9 comments, from the live feed"),
            live.standardOutput)
        XCTAssertEqual(api.commentsAskedWith.sorted(), try Self.fixtureComments().map(\.etag).sorted(), "each comments request named its cached ETag")
        XCTAssertEqual(try scene.cache.entries(), [".lock", "cache.sqlite", "images"])
    }

    // MARK: - Helpers

    /// A site's manifest: its run facts, and each file's size and SHA-256 by path.
    private static func manifest(_ file: URL) throws -> (run: NSDictionary, files: [String: String]) {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let run = try XCTUnwrap(json["run"] as? NSDictionary)
        let entries = try XCTUnwrap(json["files"] as? [[String: Any]])
        var files: [String: String] = [:]
        for entry in entries {
            files[try XCTUnwrap(entry["path"] as? String)] = "\(entry["size"] ?? "?") \(entry["sha256"] ?? "?")"
        }
        return (run, files)
    }

    private struct Comment {
        let message: String
        let username: String
    }

    /// Each image's comments and ETag, read from the fixture's own comments files.
    private static func fixtureComments() throws -> [(id: String, comments: [Comment], etag: String)] {
        let folder = fixture.appendingPathComponent("cache/comments/d3")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
            let values = try XCTUnwrap(json["value"] as? [[String: Any]])
            let comments = try values.map { Comment(message: try XCTUnwrap($0["message"] as? String), username: try XCTUnwrap($0["username"] as? String)) }
            return (String(name.dropLast(".json".count)), comments, try XCTUnwrap(json["etag"] as? String))
        }
    }

    /// `text` as the site's pages write it.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    private struct Scene {
        let testCase: XCTestCase
        let folder: URL
        let cache: CacheContents

        /// A copy of the fixture's cache in a folder of the test's own.
        init(testCase: XCTestCase) throws {
            self.testCase = testCase
            folder = try makeTemporaryFolder(for: testCase)
            cache = CacheContents(folder: folder.appendingPathComponent("cache"))
            try FileManager.default.copyItem(at: CacheUpgradeTests.fixture.appendingPathComponent("cache"), to: cache.folder)
        }

        var offline: [String] {
            ["generate", "--offline", "--output", "site", "--cache", "cache", "--now", CacheUpgradeTests.dayAfter, "--page-size", "2"]
        }

        /// The cron line the fixture's cache was made with, against `api`.
        func live(_ api: URL) -> [String] {
            ["generate", "--api", api.absoluteString, "--output", "site", "--cache", "cache", "--now", CacheUpgradeTests.dayAfter]
                + ["--max-items", "4", "--page-size", "2", "--retries", "0"]
        }

        func run(_ arguments: [String]) throws -> ExecutableRunner.Result {
            try ExecutableRunner.run(arguments, in: folder)
        }

        /// The demo's sample API as it was when the fixture was made, stopped when the test ends.
        func fixturesAPI() throws -> FixturesAPI {
            let api = try FixturesAPI()
            testCase.addTeardownBlock { api.stop() }
            return api
        }
    }
}

/// The demo's sample API as it was when the fixture was made: the same items and the same
/// comments (so the same ETags), with image URLs on the fixture's host, which the imported
/// index answers without a request. It records the `If-None-Match` of each comments request.
private final class FixturesAPI: Sendable {
    private final class Validators: Sendable {
        let asked = Mutex<[String]>([])
    }

    private let server: SampleAPIServer
    private let validators = Validators()

    init() throws {
        let source = DemoFeed(now: fixedNow())
        let api = SampleAPIServer.handler(for: source)
        let validators = self.validators
        server = try SampleAPIServer(source: source) { request in
            if request.path.hasSuffix("/comments") {
                validators.asked.withLock { $0.append(request.headers["if-none-match"] ?? "none") }
                return nil
            }
            guard request.path.hasSuffix("/feed") else { return nil }
            var headers = request.headers
            headers["host"] = CacheUpgradeTests.fixtureHost
            return api(HTTPRequest(method: request.method, target: request.target, headers: headers, body: request.body))
        }
    }

    var api: URL { server.apiRoot }

    /// The `If-None-Match` each comments request came with ("none" for none), in order.
    var commentsAskedWith: [String] { validators.asked.withLock { $0 } }

    func stop() {
        server.stop()
    }
}
