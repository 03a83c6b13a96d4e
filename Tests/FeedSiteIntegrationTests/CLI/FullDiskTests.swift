import FeedCore
@testable import FeedStorage
@testable import FileSystem
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

/// A full disk is a clear error, never a hang and never a loss. On a small tmpfs (mounting
/// one needs root; elsewhere these tests skip), a full cache or a full output ends the run
/// with one line naming the path, exit 1, the previous site as it was, a cache database that
/// opens clean with its last commit, every blob whole, nothing temporary left behind, and
/// the next run with space succeeds.
final class FullDiskTests: XCTestCase {
    func test_generate_onAFullCacheStopsWithOneLineAndKeepsTheSiteAndTheCache() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 2)
        let cache = disk.appendingPathComponent("cache").path
        let server = try makeServer(SyntheticFeed(itemCount: 40, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot, cache: cache, ["--max-items", "5"])
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let site = try snapshotOfFiles(in: run.site)

        // Room for the feed (a few pages), none for 35 new images.
        try fill(disk, leaving: 48 * 1024)
        let full = await run.generate(api: server.apiRoot, cache: cache, ["--max-items", "40"])

        assertStoppedByAFullDisk(full, naming: cache + "/images/blobs")
        XCTAssertEqual(try snapshotOfFiles(in: run.site), site, "the previous site is byte for byte as it was")
        assertNothingHalfWritten(in: URL(fileURLWithPath: cache), beside: run.site)
        XCTAssertEqual(
            try CacheContents(folder: URL(fileURLWithPath: cache)).cachedFeed()?.feed.count, 40, "the new feed was saved, its own commit, before the images")

        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, cache: cache, ["--max-items", "40"])
        XCTAssertEqual(next.code, .success, next.diagnostics)
        XCTAssertEqual(try SiteVerification.imageFiles(in: run.site), 40)
    }

    func test_generate_onAFullCacheWithEveryImageCachedStopsAtTheFirstCacheFileItCannotWrite() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 2)
        let cache = disk.appendingPathComponent("cache").path
        let server = try makeServer(SyntheticFeed(itemCount: 5, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot, cache: cache, [])
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let site = try snapshotOfFiles(in: run.site)
        let feedBefore = try XCTUnwrap(try CacheContents(folder: URL(fileURLWithPath: cache)).cachedFeed())

        try fill(disk, leaving: 0)
        let full = await run.generate(api: server.apiRoot, cache: cache, now: "2024-05-21T11:24:59Z", [])

        // The feed's save is the first write, and the old feed stays until the new one is whole.
        assertStoppedByAFullDisk(full, naming: cache + "/\(CacheDatabase.fileName)")
        XCTAssertEqual(try snapshotOfFiles(in: run.site), site)
        assertNothingHalfWritten(in: URL(fileURLWithPath: cache), beside: run.site)
        XCTAssertEqual(
            try CacheContents(folder: URL(fileURLWithPath: cache)).cachedFeed(), feedBefore,
            "the database keeps its last commit: the cached feed is the previous one")
        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, cache: cache, now: "2024-05-21T11:24:59Z", [])
        XCTAssertEqual(next.code, .success, next.diagnostics)
    }

    func test_generate_onAFullOutputStopsWithOneLineAndRemovesTheStagingFolder() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 2)
        let site = disk.appendingPathComponent("site")
        let server = try makeServer(SyntheticFeed(itemCount: 40, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot, output: site, ["--max-items", "5"])
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let previous = try snapshotOfFiles(in: site)

        try fill(disk, leaving: 0)
        let full = await run.generate(api: server.apiRoot, output: site, ["--max-items", "40"])

        // The cache is on another file system, so images are copied into the staging folder.
        assertStoppedByAFullDisk(full, naming: disk.path + "/.site.feedsite-staging-")
        XCTAssertEqual(try snapshotOfFiles(in: site), previous, "the previous site is byte for byte as it was")
        assertNothingHalfWritten(in: run.cache, beside: site)

        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, output: site, ["--max-items", "40"])
        XCTAssertEqual(next.code, .success, next.diagnostics)
        XCTAssertEqual(try SiteVerification.imageFiles(in: site), 40)
    }

    func test_generate_withAnArchiveOnAFullDiskPublishesTheSiteAndKeepsThePreviousArchive() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 2)
        let archive = disk.appendingPathComponent("site.tar")
        let server = try makeServer(SyntheticFeed(itemCount: 5, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot, ["--archive", archive.path])
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let previousArchive = try Data(contentsOf: archive)

        try fill(disk, leaving: 0)
        let full = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z", ["--archive", archive.path])

        XCTAssertEqual(full.code, .failure, full.diagnostics)
        XCTAssertEqual(
            full.diagnostics.split(separator: "\n").last.map(String.init),
            "feedsite: error: the site was published to \(run.site.resolvingSymlinksInPath().path), but the archive was not written: no space left on device writing \(archive.path)"
        )
        XCTAssertEqual(try Data(contentsOf: archive), previousArchive, "the previous archive is whole")
        XCTAssertEqual(CacheFixturesForDisk.temporaryFiles(under: disk), [])
        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z", ["--archive", archive.path])
        XCTAssertEqual(next.code, .success, next.diagnostics)
        XCTAssertNotEqual(try Data(contentsOf: archive), previousArchive)
    }

    func test_saveRenditions_onAFullCacheIsAFullCacheNamingTheBlobAndLeavesNoRowAndNoTemporaryFile() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 1)
        let folder = disk.appendingPathComponent("cache")
        let cache = try CacheDatabase.open(folder: folder, now: fixedNow()).database
        let store = SQLiteImageStore(cache, folder: folder.appendingPathComponent("images"), now: fixedNow(), fileClock: wallClock)
        let download = try store.newDownload()
        try [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).withUnsafeBytes { try download.write($0) }
        let source = try store.insert(download, for: URL(string: "https://images.example/a.png")!)
        let rendition = [UInt8](repeating: 0xD8, count: 64 * 1024)
        let blob = store.blobPath(for: SHA256.hexDigest(rendition))

        try fill(disk, leaving: 0)

        XCTAssertThrowsError(try store.saveRenditions([(480, 300, .jpeg, rendition)], of: source, recipe: "a recipe")) { error in
            XCTAssertEqual((error as? CacheError)?.description, "no space left on device writing \(blob)")
            XCTAssertNotNil((error as? CacheError)?.outOfSpace, "a full cache, which stops the run")
        }
        XCTAssertEqual(try store.renditions(of: source, recipe: "a recipe"), .unknown)
        XCTAssertFalse(FileManager.default.fileExists(atPath: blob))
        XCTAssertEqual(CacheFixturesForDisk.temporaryFiles(under: folder), [])
        try emptyBallast(disk)
        XCTAssertEqual(try store.saveRenditions([(480, 300, .jpeg, rendition)], of: source, recipe: "a recipe").map(\.sha256), [SHA256.hexDigest(rendition)])
    }

    // MARK: - Helpers

    static let ballast = "ballast"

    /// The run ended with exit 1 and, as its last line, the one error naming the full disk
    /// under `path` (a prefix of the path written).
    func assertStoppedByAFullDisk(_ run: CLIRun, naming path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.code, .failure, run.diagnostics, file: file, line: line)
        let lines = run.diagnostics.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.hasPrefix("feedsite: error:") }
        XCTAssertEqual(errors.count, 1, run.diagnostics, file: file, line: line)
        XCTAssertEqual(errors.last, lines.last, "the error is the last line", file: file, line: line)
        let expected = "feedsite: error: no space left on device writing \(path)"
        XCTAssertTrue(errors.last?.hasPrefix(expected) == true, "expected \(expected)…, got \(run.diagnostics)", file: file, line: line)
        XCTAssertTrue(errors.last?.hasSuffix("; nothing published, the previous site is unchanged") == true, run.diagnostics, file: file, line: line)
        XCTAssertFalse(run.diagnostics.contains("placeholder"), "no image counted as failed: \(run.diagnostics)", file: file, line: line)
    }

    /// No temporary file left in the cache `folder`, no staging folder beside `site`; every
    /// blob whole (named by the hash of its bytes), nothing else but the database, its
    /// write-ahead log and the lock; and a database that opens clean (nothing set aside) and
    /// leads every image URL to a blob that is there.
    func assertNothingHalfWritten(in folder: URL, beside site: URL, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(CacheFixturesForDisk.temporaryFiles(under: folder), [], file: file, line: line)
        let parent = site.resolvingSymlinksInPath().deletingLastPathComponent()
        let staging = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.contains(".feedsite-") }
        XCTAssertEqual(staging, [], "the staging folder is removed", file: file, line: line)
        guard let now = try? snapshotOfFiles(in: folder) else { return XCTFail("cannot read \(folder.path)", file: file, line: line) }
        let database = CacheDatabase.fileName
        for (path, data) in now where ![Self.ballast, ".lock", database, database + "-wal"].contains(path) {
            XCTAssertTrue(path.hasPrefix("images/blobs/"), "\(path) is not a file of the cache", file: file, line: line)
            XCTAssertEqual((path as NSString).lastPathComponent, SHA256.hexDigest(Array(data)), "\(path) is whole", file: file, line: line)
        }
        let cache = CacheContents(folder: folder)
        do {
            try cache.opening { opening in
                XCTAssertNil(opening.setAside, "the database opens clean", file: file, line: line)
                XCTAssertEqual(opening.oldFilesNotRemoved, [], file: file, line: line)
            }
            let blobs = try cache.blobNames()
            for sha256 in try cache.values("SELECT sha256 FROM images") {
                XCTAssertTrue(blobs.contains(sha256), "an image URL leads to the missing blob \(sha256)", file: file, line: line)
            }
        } catch {
            XCTFail("cannot read the cache database: \(error)", file: file, line: line)
        }
    }

    /// Mounts a tmpfs of `megabytes` at the new folder `disk`, unmounted when the test ends.
    func mountSmallDisk(at disk: URL, megabytes: Int) throws -> URL {
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let (status, message) = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", disk.path])
        guard status == 0 else {
            throw XCTSkip("a full disk needs a small tmpfs, and mounting one failed (it needs root): \(message)")
        }
        addTeardownBlock {
            _ = try? Self.run("/bin/umount", [disk.path])
        }
        return disk
    }

    /// Fills the file system at `disk` with a ballast file, then gives `bytes` back.
    func fill(_ disk: URL, leaving bytes: Int) throws {
        let path = disk.appendingPathComponent(Self.ballast).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xAB, count: 64 * 1024)
        var size = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if written <= 0 { break }
            size += written
        }
        XCTAssertEqual(errno, ENOSPC, "the ballast filled the disk")
        XCTAssertEqual(ftruncate(descriptor, off_t(max(0, size - bytes))), 0)
    }

    func emptyBallast(_ disk: URL) throws {
        try FileManager.default.removeItem(at: disk.appendingPathComponent(Self.ballast))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return (-1, "\(tool) not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// What the full-disk tests look for in a folder.
enum CacheFixturesForDisk {
    /// Files under `folder` named as `AtomicFile` names temporary files.
    static func temporaryFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { ($0 as NSString).lastPathComponent.hasPrefix(AtomicFile.temporaryMarker) }
    }
}

/// Counts in a published site.
private enum SiteVerification {
    static func imageFiles(in site: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("images").path).count
    }
}

extension RunFolder {
    /// `generate` against `api` into `site/` with the cache folder `cache` (anywhere), at `now`.
    fileprivate func generate(api: URL, cache: String, now: String = "2024-05-20T11:24:59Z", _ extra: [String]) async -> CLIRun {
        await runFeedsite(["generate", "--api", api.absoluteString, "--output", "site", "--cache", cache, "--now", now] + extra, in: root)
    }

    /// `generate` against `api` into `output` (anywhere) with `cache/`.
    fileprivate func generate(api: URL, output: URL, _ extra: [String]) async -> CLIRun {
        await runFeedsite(
            [
                "generate", "--api", api.absoluteString, "--output", output.path, "--cache", "cache", "--now",
                "2024-05-20T11:24:59Z",
            ]
                + extra,
            in: root
        )
    }
}
