import Basics
import FeedCore
import Foundation
import Hashing
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kill -9` in each phase of a run, through the built executable, eight days after a first
/// run so that the killed run also has comments and blobs to prune. Afterwards the cache's
/// database opens clean (nothing set aside), holds exactly what was committed before the
/// kill, and the next run exits 0, publishes, and leaves the cache as if nothing had
/// happened.
///
/// The feed, images and comments phases are held by the test's server at a request, so the
/// kill lands inside them (in the images and comments phases, with the phase's transaction
/// open). Rendering, publishing and pruning make no request: for them the test kills the
/// run the moment it prints the line that closes the phase before (`comments: …`,
/// `published …`), so the kill lands wherever the run has got to: around the comments'
/// commit, in rendering or publishing; in pruning or just after it. Holding a run inside
/// those phases would need a hook in the product.
final class KillInEachPhaseTests: XCTestCase {
    private static let firstItems = 40
    private static let items = 12

    func test_kill9_whileLoadingTheFeedKeepsThePreviousFeedAndTheNextRunSucceeds() throws {
        let scene = try Scene(testCase: self)
        try scene.publishFirstSite()

        let killed = try scene.killHolding { $0.contains("after_id=") }

        XCTAssertEqual(killed.feed?.timestamp, Scene.firstRun, "the new feed was not whole yet; the previous one stays")
        XCTAssertEqual(killed.feed?.feed.count, Self.firstItems)
        XCTAssertEqual(killed.counts["images"], Self.firstItems)
        XCTAssertEqual(killed.counts["comments"], Self.firstItems)
        try scene.assertTheNextRunSucceeds()
    }

    func test_kill9_whileStoringImagesDropsThePhasesUncommittedRowsAndTheNextRunSucceeds() throws {
        let scene = try Scene(testCase: self)
        try scene.publishFirstSite()

        let killed = try scene.killHolding(after: 5) { $0.hasPrefix("/images/") }

        XCTAssertEqual(killed.feed?.timestamp, Scene.killedRun, "the feed is saved, committed, before the images")
        XCTAssertEqual(killed.feed?.feed.count, Self.items)
        XCTAssertEqual(killed.counts["images"], Self.firstItems, "the images phase's rows are one transaction, never committed")
        XCTAssertEqual(killed.counts["comments"], Self.firstItems)
        XCTAssertTrue(killed.leftALog)
        try scene.assertTheNextRunSucceeds()
    }

    func test_kill9_whileLoadingCommentsDropsThePhasesUncommittedRowsAndTheNextRunSucceeds() throws {
        let scene = try Scene(testCase: self)
        try scene.publishFirstSite()

        let killed = try scene.killHolding(after: 5) { $0.hasSuffix("/comments") }

        XCTAssertEqual(killed.feed?.timestamp, Scene.killedRun)
        XCTAssertEqual(killed.counts["images"], Self.firstItems + Self.items, "the images phase was committed as it ended")
        XCTAssertEqual(killed.counts["comments"], Self.firstItems, "the comments phase's rows are one transaction, never committed")
        XCTAssertTrue(killed.leftALog)
        try scene.assertTheNextRunSucceeds()
    }

    func test_kill9_asTheCommentsPhaseEndsAndTheSiteIsRenderedLeavesACacheThatOpensCleanAndTheNextRunSucceeds() throws {
        let scene = try Scene(testCase: self)
        try scene.publishFirstSite()

        let killed = try scene.killWhenItSays { $0.hasPrefix("comments: ") }

        XCTAssertEqual(killed.feed?.timestamp, Scene.killedRun)
        XCTAssertEqual(killed.counts["images"], Self.firstItems + Self.items)
        XCTAssertTrue(
            [Self.firstItems, Self.firstItems + Self.items].contains(killed.counts["comments"] ?? -1),
            "the comments phase committed whole or not at all: \(killed.counts)")
        try scene.assertTheNextRunSucceeds()
    }

    func test_kill9_onceTheSiteIsPublishedAndTheCachePrunedLeavesACacheThatOpensCleanAndTheNextRunSucceeds() throws {
        let scene = try Scene(testCase: self)
        try scene.publishFirstSite()

        let killed = try scene.killWhenItSays({ $0.hasPrefix("published ") }, checkingBlobs: false)

        XCTAssertEqual(killed.feed?.timestamp, Scene.killedRun)
        XCTAssertTrue(
            [Self.items, Self.firstItems + Self.items].contains(killed.counts["comments"] ?? -1),
            "the comments were pruned whole or not at all: \(killed.counts)")
        try scene.assertTheNextRunSucceeds()
    }

    // MARK: - Helpers

    /// What the cache's database held after the kill, opened from a copy so the next run
    /// still finds the killed run's files as they were.
    private struct Killed {
        let feed: CachedFeed?
        let counts: [String: Int]
        /// The write-ahead log was left behind, holding commits that opening must recover.
        let leftALog: Bool
    }

    private struct Scene {
        static let firstRun = ISO8601Date.parse("2024-05-20T11:24:59Z")!
        static let killedRun = ISO8601Date.parse("2024-05-28T11:24:59Z")!

        let testCase: XCTestCase
        let folder: URL
        /// Items 41…52 of a synthetic feed, for the killed run and the next: none of them in
        /// the first site.
        let source = RotatingFeed(itemsShown: KillInEachPhaseTests.items, replacedPerDay: KillInEachPhaseTests.firstItems, days: 1)

        init(testCase: XCTestCase) throws {
            self.testCase = testCase
            folder = try makeTemporaryFolder(for: testCase)
            source.day = 1
        }

        var cache: URL { folder.appendingPathComponent("cache") }

        func generate(api: URL, now: Date) -> [String] {
            ["generate", "--api", api.absoluteString, "--output", "site", "--cache", "cache", "--now", ISO8601Date.format(now), "--concurrency", "2"]
        }

        /// A first site of items 1…40, whose comments and blobs the killed run finds eight
        /// days old.
        func publishFirstSite(file: StaticString = #filePath, line: UInt = #line) throws {
            let first = try SampleAPIServer(
                source: SyntheticFeed(itemCount: KillInEachPhaseTests.firstItems, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
            defer { first.stop() }
            let result = try ExecutableRunner.run(generate(api: first.apiRoot, now: Self.firstRun), in: folder)
            XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        }

        /// Starts the run against a server that lets `after` matching requests (by target)
        /// through and holds the next, kills the run with SIGKILL once one is held, and reads
        /// the cache it left.
        func killHolding(after passed: Int = 0, _ isHeld: @escaping @Sendable (String) -> Bool, file: StaticString = #filePath, line: UInt = #line)
            throws -> Killed
        {
            let gate = Gate(holdAfter: passed, isHeld: isHeld)
            let server = try SampleAPIServer(source: source) { request in
                gate.pass(request.target)
                return nil
            }
            defer {
                gate.open()
                server.stop()
            }
            let running = try ExecutableRunner.start(generate(api: server.apiRoot, now: Self.killedRun), in: folder)
            XCTAssertEqual(gate.waitUntilHolding(), .success, "the run never reached the held request", file: file, line: line)
            kill(running.pid, SIGKILL)
            let result = try running.finish(killingAfter: 60)
            XCTAssertEqual(result.status, SIGKILL, "killed, not ended: \(result.standardError)", file: file, line: line)
            return try openedClean(checkingBlobs: true, file: file, line: line)
        }

        /// Starts the run, kills it with SIGKILL as soon as it writes a line to standard
        /// error that `isTheLine`, and reads the cache it left.
        func killWhenItSays(
            _ isTheLine: (String) -> Bool, checkingBlobs: Bool = true, file: StaticString = #filePath, line: UInt = #line
        ) throws -> Killed {
            let server = try SampleAPIServer(source: source)
            defer { server.stop() }
            let running = try ExecutableRunner.start(generate(api: server.apiRoot, now: Self.killedRun), in: folder, pipingErrors: true)
            var said: [String] = []
            while let next = running.nextErrorLine(killingAfter: 60) {
                said.append(next)
                if isTheLine(next) { break }
            }
            kill(running.pid, SIGKILL)
            _ = try running.finish(killingAfter: 60)
            XCTAssertTrue(said.last.map(isTheLine) == true, "the run never said it: \(said)", file: file, line: line)
            return try openedClean(checkingBlobs: checkingBlobs, file: file, line: line)
        }

        /// Opens a copy of the cache as a run would: nothing is set aside, and, unless the
        /// kill may have landed while blob files were being removed, every image URL leads
        /// to a whole blob.
        private func openedClean(checkingBlobs: Bool, file: StaticString, line: UInt) throws -> Killed {
            let leftALog = FileManager.default.fileExists(atPath: cache.appendingPathComponent("cache.sqlite-wal").path)
            let copy = CacheContents(folder: folder.appendingPathComponent("copy-of-the-killed-runs-cache"))
            try? FileManager.default.removeItem(at: copy.folder)
            try FileManager.default.copyItem(at: cache, to: copy.folder)
            try copy.opening(now: Self.killedRun) { opening in
                XCTAssertNil(opening.setAside, "the database opens clean", file: file, line: line)
                XCTAssertNil(opening.imported, file: file, line: line)
            }
            if checkingBlobs {
                let blobs = try copy.blobNames()
                for sha256 in try copy.values("SELECT sha256 FROM images") {
                    XCTAssertTrue(blobs.contains(sha256), "an image URL leads to the missing blob \(sha256)", file: file, line: line)
                }
                for shard in try copy.blobShards() {
                    for name in shard.files {
                        let bytes = try Data(contentsOf: copy.folder.appendingPathComponent("images/blobs/\(shard.name)/\(name)"))
                        XCTAssertEqual(SHA256.hexDigest(Array(bytes)), name, "blob \(name) is whole", file: file, line: line)
                    }
                }
            }
            let killed = Killed(feed: try copy.cachedFeed(), counts: try copy.tableCounts(), leftALog: leftALog)
            try FileManager.default.removeItem(at: copy.folder)
            return killed
        }

        /// The next run, with nothing held, exits 0 without a word about the cache, publishes
        /// a site `verify` accepts, and leaves the cache holding this feed's comments and
        /// blobs only.
        func assertTheNextRunSucceeds(file: StaticString = #filePath, line: UInt = #line) throws {
            let server = try SampleAPIServer(source: source)
            defer { server.stop() }

            let next = try ExecutableRunner.run(generate(api: server.apiRoot, now: Self.killedRun), in: folder)

            XCTAssertEqual(next.status, 0, next.standardError, file: file, line: line)
            XCTAssertFalse(next.standardError.contains("warning"), next.standardError, file: file, line: line)
            XCTAssertTrue(
                next.standardOutput.hasPrefix("\(KillInEachPhaseTests.items) items, "), next.standardOutput, file: file, line: line)
            let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
            XCTAssertEqual(verify.status, 0, verify.standardOutput + verify.standardError, file: file, line: line)
            let contents = CacheContents(folder: cache)
            let numbers = source.itemNumbers(onDay: 1)
            let ids = Set(numbers.map { SyntheticFeed.id(ofItemAt: $0 - 1).uuidString })
            XCTAssertEqual(try contents.values("SELECT image_id FROM comments"), ids, file: file, line: line)
            let blobs = Set(numbers.map(source.sha256(ofItem:)))
            XCTAssertEqual(try contents.blobNames(), blobs, "the first site's blobs are pruned, the killed run's kept", file: file, line: line)
            XCTAssertEqual(try contents.entries(), [".lock", "cache.sqlite", "images"], "no write-ahead log left", file: file, line: line)
            XCTAssertEqual(contents.temporaryFiles(), [], "the killed run's downloads are swept", file: file, line: line)
        }
    }
}
