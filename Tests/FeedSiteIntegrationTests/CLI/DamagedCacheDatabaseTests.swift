import FeedCore
import Foundation
import SQLite
import SampleAPI
import TestSupport
import XCTest

/// A cache database that is not one (garbage bytes) or is a damaged one (a real database cut
/// short) is set aside under a dated name, keeping its bytes, with exactly one warning that
/// names where it went; the run goes on as with an empty cache.
final class DamagedCacheDatabaseTests: XCTestCase {
    /// The name a database damaged at the runs' clock, 2024-05-20T11:24:59Z, is set aside under.
    private static let setAsideName = "cache.sqlite.damaged-20240520T112459Z"

    func test_generate_setsAsideACacheDatabaseOfGarbageAndPublishesTheLiveFeedAsWithAnEmptyCache() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let garbage = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try damage(run, with: garbage)

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: garbage)
        XCTAssertTrue(result.output.hasPrefix("6 items, 7 pages (1 feed, 6 comments), images 6 downloaded / 0 from cache / 0 failed"), result.output)
        XCTAssertEqual(try CacheContents(folder: run.cache).cachedFeed()?.feed.count, 6, "a new database holds the live feed")
    }

    func test_generateOffline_setsAsideACacheDatabaseOfGarbageAndFailsAsWithAnEmptyCache() async throws {
        let run = try makeRunFolder()
        let garbage = Data(repeating: 0x5A, count: 4_096)
        try damage(run, with: garbage)

        await assertAnOfflineRunSetsTheDatabaseAsideAndFindsNoCache(in: run, keeping: garbage)
    }

    func test_generate_setsAsideACacheDatabaseCutShortAndPublishesTheLiveFeedAsWithAnEmptyCache() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let truncated = try await makeDatabaseCutShort(in: run, server: server)

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: truncated)
        XCTAssertTrue(result.output.contains("images 6 downloaded / 0 from cache / 0 failed"), "no URL leads to a blob any more: \(result.output)")
        XCTAssertEqual(try CacheContents(folder: run.cache).blobNames().count, 6, "the same bytes, stored once")
        XCTAssertTrue(result.diagnostics.contains("comments: 12 on 6 images (6 live, 0 from the cache, 0 unavailable)"), result.diagnostics)
    }

    func test_generateOffline_setsAsideACacheDatabaseCutShortAndFailsAsWithAnEmptyCache() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let truncated = try await makeDatabaseCutShort(in: run, server: server)

        await assertAnOfflineRunSetsTheDatabaseAsideAndFindsNoCache(in: run, keeping: truncated)
    }

    /// SQLite reads such a file without complaint until a query meets the page: the quick
    /// check when the cache opens finds it first.
    func test_generate_setsAsideACacheDatabaseWithAPageOverwrittenAndSaysSoInOneLine() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let database = run.cache.appendingPathComponent("cache.sqlite")
        var bytes = try Data(contentsOf: database)
        // Page 3 of 4,096 bytes: the root of feed_items, the second table the schema makes.
        bytes.replaceSubrange(8_192..<12_288, with: Data(repeating: 0x5A, count: 4_096))
        try bytes.write(to: database)

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: bytes)
        XCTAssertTrue(result.diagnostics.contains("was damaged (Page 3: "), result.diagnostics)
        XCTAssertEqual(try CacheContents(folder: run.cache).cachedFeed()?.feed.count, 6)
    }

    /// One damaged byte of the header can make the schema's version negative, which no feedsite
    /// writes: set aside like any damaged database, never a crash.
    func test_everyCommand_setsAsideACacheDatabaseWithANegativeSchemaVersionWithOneWarning() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let bytes = try await makeDatabaseWithSchemaVersion(-1, in: run, server: server)

        let online = await run.generate(api: server.apiRoot)
        XCTAssertEqual(online.code, .success, online.diagnostics)
        assertOneWarningNamesTheSetAsideDatabase(online, in: run, keeping: bytes)
        XCTAssertTrue(online.diagnostics.contains("was damaged (schema version -1, which no feedsite writes)"), online.diagnostics)

        for (index, arguments) in [["validate-cache", "--cache", "cache"], ["generate", "--offline", "--cache", "cache", "--output", "out"]].enumerated() {
            try FileManager.default.removeItem(at: run.cache.appendingPathComponent(Self.setAsideName))
            let again = try await makeDatabaseWithSchemaVersion(-1, in: run, server: server)
            let result = await runFeedsite(arguments, in: run.root)
            XCTAssertEqual(result.code, index == 0 ? .success : .failure, result.diagnostics)
            assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: again)
        }
    }

    func test_validateCache_setsAsideADamagedDatabaseWithOneWarningAndFindsAnEmptyCache() async throws {
        let (run, server) = try makeRunFolderAndServer()
        let truncated = try await makeDatabaseCutShort(in: run, server: server)

        let result = await runFeedsite(["validate-cache", "--cache", "cache"], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: truncated)
        XCTAssertTrue(result.output.contains("feed cache in \(run.cache.path)/cache.sqlite: empty, nothing to do"), result.output)
    }

    // MARK: - Helpers

    private func makeRunFolderAndServer() throws -> (RunFolder, SampleAPIServer) {
        (try makeRunFolder(), try makeServer(SyntheticFeed(itemCount: 6, commentsPerItem: 2, imageBytes: 48, now: fixedNow())))
    }

    private func damage(_ run: RunFolder, with bytes: Data) throws {
        try FileManager.default.createDirectory(at: run.cache, withIntermediateDirectories: true)
        try bytes.write(to: run.cache.appendingPathComponent("cache.sqlite"))
    }

    /// A real cache database, written by a run, cut to half its size: its header and first
    /// pages read, the rest is missing. Its bytes.
    private func makeDatabaseCutShort(in run: RunFolder, server: SampleAPIServer) async throws -> Data {
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let database = run.cache.appendingPathComponent("cache.sqlite")
        let whole = try Data(contentsOf: database)
        XCTAssertGreaterThanOrEqual(whole.count, 8 * 4_096, "a database of several pages")
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: database)
        return truncated
    }

    /// A real cache database, written by a run, with its schema version set to `version`. Its bytes.
    private func makeDatabaseWithSchemaVersion(_ version: Int32, in run: RunFolder, server: SampleAPIServer) async throws -> Data {
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let path = run.cache.appendingPathComponent("cache.sqlite").path
        try Database(path: path).setUserVersion(version)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// An offline run sets the damaged database aside and then finds no cached feed: it fails
    /// with the message an empty cache gets.
    private func assertAnOfflineRunSetsTheDatabaseAsideAndFindsNoCache(
        in run: RunFolder, keeping bytes: Data, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let result = await run.generate(api: URL(string: "http://127.0.0.1:9/v1")!, ["--offline"])

        XCTAssertEqual(result.code, .failure, result.diagnostics, file: file, line: line)
        assertOneWarningNamesTheSetAsideDatabase(result, in: run, keeping: bytes, file: file, line: line)
        XCTAssertTrue(
            result.diagnostics.contains("Run once without --offline to fill the cache."), result.diagnostics, file: file, line: line)
    }

    /// Exactly one warning, naming the database and the dated file it was moved to, which is
    /// there beside the new database with the damaged bytes.
    private func assertOneWarningNamesTheSetAsideDatabase(
        _ result: CLIRun, in run: RunFolder, keeping bytes: Data, file: StaticString = #filePath, line: UInt = #line
    ) {
        let database = run.cache.appendingPathComponent("cache.sqlite").path
        let aside = run.cache.appendingPathComponent(Self.setAsideName).path
        let warnings = result.diagnostics.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertEqual(warnings.count, 1, result.diagnostics, file: file, line: line)
        let warning = warnings.first ?? ""
        XCTAssertTrue(warning.hasPrefix("feedsite: warning: cache: \(database) was damaged ("), String(warning), file: file, line: line)
        XCTAssertTrue(warning.hasSuffix("); set it aside as \(aside) and went on with an empty cache"), String(warning), file: file, line: line)
        XCTAssertEqual(FileManager.default.contents(atPath: aside), bytes, "the set-aside file keeps the bytes", file: file, line: line)
    }
}
