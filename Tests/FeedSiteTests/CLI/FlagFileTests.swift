import FileSystem
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// `--archive` and `--metrics-file` name a missing path or a regular file, a symbolic link
/// to one followed, in a folder that exists, outside the output and the cache, and never the
/// same file; anything else is a usage error before anything is written.
final class FlagFileTests: XCTestCase {
    func test_named_acceptsAMissingFileAndARegularOneBesideTheOutputAndNothingWithoutTheFlags() throws {
        let folder = try realTemporaryFolder()
        try Data("previous".utf8).write(to: folder.appendingPathComponent("site.tar"))

        let files = try named(archive: "site.tar", metrics: "feedsite.prom", in: folder)

        XCTAssertEqual(files.archive, FlagFile(flag: "--archive", path: folder.appendingPathComponent("site.tar").path))
        XCTAssertEqual(files.metrics, FlagFile(flag: "--metrics-file", path: folder.appendingPathComponent("feedsite.prom").path))
        let none = try named(archive: nil, metrics: nil, in: folder)
        XCTAssertNil(none.archive)
        XCTAssertNil(none.metrics)
    }

    func test_named_followsASymbolicLinkToItsFileSoTheLinkStays() throws {
        let folder = try realTemporaryFolder()
        let real = folder.appendingPathComponent("real.prom")
        try Data().write(to: real)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.prom"), withDestinationURL: real)

        let files = try named(archive: nil, metrics: "link.prom", in: folder)

        XCTAssertEqual(files.metrics?.path, real.path)
    }

    func test_named_refusesADeviceAProcessDescriptorAPipeAndAFolder() throws {
        let folder = try realTemporaryFolder()
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe").path, 0o644), 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: false)

        for given in ["/dev/null", "/dev/stdout", "/proc/self/fd/1", "pipe"] {
            assertRefused(
                archive: given, in: folder, "--archive \(given) is not a regular file (a device, a pipe or a socket); name a new file or a regular one")
        }
        assertRefused(archive: "dir", in: folder, "--archive dir is a folder; name a file, such as dir/site.tar")
    }

    func test_named_takesANewFileInTheSharedMemoryFileSystem() throws {
        guard FileManager.default.fileExists(atPath: "/dev/shm") else { throw XCTSkip("no /dev/shm here") }
        let folder = try realTemporaryFolder()
        let name = "/dev/shm/feedsite-flag-\(UUID().uuidString).prom"

        let files = try named(archive: nil, metrics: name, in: folder)

        XCTAssertEqual(files.metrics?.path, name)
    }

    func test_named_refusesAFileInAFolderThatDoesNotExistAndALinkToNothing() throws {
        let folder = try realTemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.tar").path, withDestinationPath: "nowhere")

        assertRefused(
            archive: "missing/site.tar", in: folder,
            "--archive missing/site.tar: the folder \(folder.path)/missing does not exist; create it first, or name a file in a folder that does")
        assertRefused(archive: "dangling.tar", in: folder, "--archive dangling.tar is a symbolic link that leads to no file; name a file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
    }

    func test_named_refusesAFileInsideTheOutputOrTheCache() throws {
        let folder = try realTemporaryFolder()
        for inside in ["site/feedsite.prom", "site/./metrics/x.prom", "site"] {
            XCTAssertThrowsError(try named(archive: nil, metrics: inside, in: folder), inside) { error in
                let (code, message) = ending(of: error)
                XCTAssertEqual(code, .usage, inside)
                XCTAssertTrue(message?.hasPrefix("--metrics-file \(inside) is inside the output folder") == true, message ?? "")
            }
        }
        assertRefused(
            archive: "cache/site.tar", in: folder,
            "--archive cache/site.tar is inside the cache folder \(folder.path)/cache, which holds only the cache's own files; write the archive elsewhere")
    }

    func test_named_refusesTheSameFileForBothFlagsHoweverItIsNamed() throws {
        let folder = try realTemporaryFolder()
        try Data().write(to: folder.appendingPathComponent("run.out"))
        try FileManager.default.linkItem(at: folder.appendingPathComponent("run.out"), to: folder.appendingPathComponent("hard.out"))

        for (archive, metrics) in [("run.out", "run.out"), ("run.out", "./run.out"), ("new.out", "new.out"), ("run.out", "hard.out")] {
            XCTAssertThrowsError(try named(archive: archive, metrics: metrics, in: folder), "\(archive) \(metrics)") { error in
                let (code, message) = ending(of: error)
                XCTAssertEqual(code, .usage)
                XCTAssertTrue(message?.hasPrefix("--archive and --metrics-file name the same file, ") == true, "\(error)")
            }
        }
    }

    func test_named_refusesAWACZInsideTheOutput_orTheFileAnotherFlagNames() throws {
        let folder = try realTemporaryFolder()

        XCTAssertEqual(try named(archive: nil, metrics: nil, wacz: "feed.wacz", in: folder).wacz?.path, folder.path + "/feed.wacz")
        for (wacz, archive, expected) in [
            (
                "site/feed.wacz", nil,
                "--wacz site/feed.wacz is inside the output folder \(folder.path)/site, which every run replaces; write the WACZ elsewhere"
            ),
            ("both", "both", "--archive and --wacz name the same file, \(folder.path)/both; give each a file of its own"),
        ] {
            XCTAssertThrowsError(try named(archive: archive, metrics: nil, wacz: wacz, in: folder), wacz) { error in
                let (code, message) = ending(of: error)
                XCTAssertEqual(code, .usage)
                XCTAssertEqual(message, expected)
            }
        }
    }

    func test_named_refusesAZIMInsideTheOutputOrTheCache_orTheFileAnotherFlagNames() throws {
        let folder = try realTemporaryFolder()

        XCTAssertEqual(try named(archive: nil, metrics: nil, zim: "feed.zim", in: folder).zim?.path, folder.path + "/feed.zim")
        for (zim, archive, expected) in [
            (
                "site/feed.zim", nil,
                "--zim site/feed.zim is inside the output folder \(folder.path)/site, which every run replaces; write the ZIM file elsewhere"
            ),
            (
                "cache/feed.zim", nil,
                "--zim cache/feed.zim is inside the cache folder \(folder.path)/cache, which holds only the cache's own files; write the ZIM file elsewhere"
            ),
            ("both", "both", "--archive and --zim name the same file, \(folder.path)/both; give each a file of its own"),
        ] {
            XCTAssertThrowsError(try named(archive: archive, metrics: nil, zim: zim, in: folder), zim) { error in
                let (code, message) = ending(of: error)
                XCTAssertEqual(code, .usage)
                XCTAssertEqual(message, expected)
            }
        }
    }

    // MARK: - Helpers

    private func named(archive: String?, metrics: String?, wacz: String? = nil, zim: String? = nil, in folder: URL) throws -> (
        archive: FlagFile?, wacz: FlagFile?, metrics: FlagFile?, zim: FlagFile?
    ) {
        var options = GenerateOptions()
        options.output = "site"
        options.cache = "cache"
        options.archive = archive
        options.metricsFile = metrics
        options.wacz = wacz
        options.zim = zim
        return try FlagFile.named(by: options, environment: RunEnvironment(variables: [:], workingDirectory: folder, currentDate: { fixedNow() }))
    }

    private func assertRefused(archive: String, in folder: URL, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try named(archive: archive, metrics: nil, in: folder), file: file, line: line) { error in
            let (code, said) = ending(of: error)
            XCTAssertEqual(code, .usage, file: file, line: line)
            XCTAssertEqual(said, message, file: file, line: line)
        }
    }

    /// The exit status and the one error line a run stopped by `error` ends with.
    private func ending(of error: any Error) -> (code: ExitCode?, message: String?) {
        guard let failure = error as? OpeningFailure else { return (nil, nil) }
        let ending = RunEnding.of(RunSummary(), error: .opening(failure), facts: .init(previousSiteExists: false))
        guard case let .error(message)? = ending.lines.first, ending.lines.count == 1 else { return (ending.code, nil) }
        return (ending.code, message)
    }

    private func realTemporaryFolder() throws -> URL {
        URL(fileURLWithPath: RealPath.of(try makeTemporaryFolder(for: self).path))
    }
}
