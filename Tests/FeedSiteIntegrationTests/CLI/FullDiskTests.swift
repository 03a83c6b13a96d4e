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

/// Issue 11: a full disk is a clear error, never a hang and never a loss. On a small tmpfs
/// (mounting one needs root; elsewhere these tests skip), a full cache or a full output
/// ends the run with one line naming the path, exit 1, the previous site and every cache
/// file as they were, nothing temporary left behind, and the next run with space succeeds.
final class FullDiskTests: XCTestCase {
    func test_generate_onAFullCacheStopsWithOneLineAndKeepsTheSiteAndTheCache() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.cache, megabytes: 2)
        let cache = disk.path
        let server = try makeServer(SyntheticFeed(itemCount: 40, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot, ["--max-items", "5"])
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let site = try snapshotOfFiles(in: run.site)
        let cacheBefore = try snapshotOfFiles(in: disk)

        // Room for the feed (a few pages), none for 35 new images.
        try fill(disk, leaving: 48 * 1024)
        let full = await run.generate(api: server.apiRoot, ["--max-items", "40"])

        assertStoppedByAFullDisk(full, naming: cache + "/images/blobs")
        XCTAssertEqual(try snapshotOfFiles(in: run.site), site, "the previous site is byte for byte as it was")
        assertNothingHalfWritten(in: disk, before: cacheBefore, beside: run.site)

        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, ["--max-items", "40"])
        XCTAssertEqual(next.code, .success, next.diagnostics)
        XCTAssertEqual(try SiteVerification.imageFiles(in: run.site), 40)
    }

    func test_generate_onAFullCacheWithEveryImageCachedStopsAtTheFirstCacheFileItCannotWrite() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.cache, megabytes: 2)
        let cache = disk.path
        let server = try makeServer(SyntheticFeed(itemCount: 5, commentsPerItem: 1, imageBytes: 3_000, now: fixedNow()))
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let site = try snapshotOfFiles(in: run.site)
        let cacheBefore = try snapshotOfFiles(in: disk)

        try fill(disk, leaving: 0)
        let full = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z")

        // The feed's save is the first write, and the old feed stays until the new one is whole.
        assertStoppedByAFullDisk(full, naming: cache + "/feed.json")
        XCTAssertEqual(try snapshotOfFiles(in: run.site), site)
        XCTAssertEqual(try Data(contentsOf: disk.appendingPathComponent("feed.json")), cacheBefore["feed.json"], "the cached feed is kept")
        assertNothingHalfWritten(in: disk, before: cacheBefore, beside: run.site)
        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z")
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
        assertNothingHalfWritten(in: run.cache, before: nil, beside: site)

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

    // MARK: - Helpers

    private static let ballast = "ballast"

    /// The run ended with exit 1 and, as its last line, the one error naming the full disk
    /// under `path` (a prefix of the path written).
    private func assertStoppedByAFullDisk(_ run: CLIRun, naming path: String, file: StaticString = #filePath, line: UInt = #line) {
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

    /// No temporary file left in `folder`, no staging folder beside `site`, and every file
    /// of `before` (path → bytes) still whole: its old bytes, or a new version that decodes.
    private func assertNothingHalfWritten(in folder: URL, before: [String: Data]?, beside site: URL, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(CacheFixturesForDisk.temporaryFiles(under: folder), [], file: file, line: line)
        let parent = site.resolvingSymlinksInPath().deletingLastPathComponent()
        let staging = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.contains(".feedsite-") }
        XCTAssertEqual(staging, [], "the staging folder is removed", file: file, line: line)
        guard let now = try? snapshotOfFiles(in: folder) else { return XCTFail("cannot read \(folder.path)", file: file, line: line) }
        for (path, data) in now where path != Self.ballast && !path.hasSuffix(".lock") {
            if before?[path] == data { continue }
            if path.contains("images/") {
                // A blob is named by its hash; an index entry is a link to a blob.
                let digest = SHA256.hexDigest(Array(data))
                let blob =
                    path.contains("blobs/") ? (path as NSString).lastPathComponent : now.keys.first { $0.hasSuffix("blobs/\(digest.prefix(2))/\(digest)") }
                XCTAssertEqual(blob.map { ($0 as NSString).lastPathComponent }, digest, "\(path) is whole", file: file, line: line)
            } else {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), "\(path) is a whole cache file", file: file, line: line)
            }
        }
    }

    /// Mounts a tmpfs of `megabytes` at the new folder `disk`, unmounted when the test ends.
    private func mountSmallDisk(at disk: URL, megabytes: Int) throws -> URL {
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
    private func fill(_ disk: URL, leaving bytes: Int) throws {
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

    private func emptyBallast(_ disk: URL) throws {
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
private enum CacheFixturesForDisk {
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
