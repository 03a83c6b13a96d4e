import FileSystem
import Foundation
import SampleAPI
import TestSupport
import XCTest

/// Where the built executable writes, as a user meets it: it replaces only a folder that is
/// missing, empty or a site it published; it keeps the output, the cache and the templates
/// apart; and whatever it refuses, it refuses in one line, with nothing touched.
final class WhereItWritesTests: XCTestCase {
    // MARK: - The output folder

    func test_generate_refusesAFolderOfSomeoneElsesFilesInOneLineAndTouchesNothing() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["docs/thesis.txt": "chapter 1", "docs/notes.md": "todo", "docs/photos/1.jpg": "jpeg", "docs/.bashrc": "alias"])
        let before = try snapshotOfFiles(in: scene.folder("docs"))

        let result = try scene.run(["generate", "--api", scene.api, "--output", "docs", "--cache", "cache"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertEqual(
            result.standardError,
            "feedsite: error: output \(scene.path("docs")) holds 3 entries feedsite did not write, such as notes.md; "
                + "choose an empty folder, or pass --force to replace it anyway\n")
        XCTAssertEqual(try snapshotOfFiles(in: scene.folder("docs")), before, "every file is as it was")
        XCTAssertEqual(try scene.entries(), [".docs.lock", "docs"], "nothing beside the folder but the lock file, and no cache")
        XCTAssertEqual(scene.requests, 0)
    }

    func test_demo_refusesAFolderOfSomeoneElsesFilesLikeGenerate() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["Documents/thesis.txt": "chapter 1"])

        let result = try scene.run(["demo", "--output", "Documents", "--cache", "cache"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(
            result.standardError.contains("feedsite: error: output \(scene.path("Documents")) holds 1 entry feedsite did not write, such as thesis.txt"),
            result.standardError)
        XCTAssertEqual(try read(scene.folder("Documents/thesis.txt")), "chapter 1")
        XCTAssertEqual(try scene.entries(), [".Documents.lock", "Documents"])
    }

    func test_generate_publishesIntoAWebServersFolderKeepingItsDotFilesRunAfterRun() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["www/.htaccess": "Options -Indexes\n", "www/.well-known/security.txt": "Contact: mailto:me@example.org\n"])
        let generate = ["generate", "--api", scene.api, "--output", "www", "--cache", "cache"]

        for _ in 1...2 {
            let result = try scene.run(generate)

            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(FileManager.default.fileExists(atPath: scene.path("www/index.html")))
            XCTAssertEqual(try read(scene.folder("www/.htaccess")), "Options -Indexes\n")
            XCTAssertEqual(try read(scene.folder("www/.well-known/security.txt")), "Contact: mailto:me@example.org\n")
        }
    }

    func test_generate_refusesAPublishedSiteThatGainedAFileAtItsTop() throws {
        let scene = try Scene(testCase: self)
        let generate = ["generate", "--api", scene.api, "--output", "site", "--cache", "cache"]
        XCTAssertEqual(try scene.run(generate).status, 0)
        try scene.write(["site/robots.txt": "User-agent: *\n"])
        let before = try snapshotOfFiles(in: scene.folder("site"))

        let result = try scene.run(generate)

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("holds 1 entry feedsite did not write, such as robots.txt"), result.standardError)
        XCTAssertEqual(try snapshotOfFiles(in: scene.folder("site")), before)
    }

    func test_generate_withForceReplacesAFolderOfSomeoneElsesFilesSayingSoAndKeepsItsDotFiles() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["docs/thesis.txt": "chapter 1", "docs/.gitkeep": ""])

        let result = try scene.run(["generate", "--api", scene.api, "--output", "docs", "--cache", "cache", "--force"])

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardError.contains(
                "feedsite: warning: --force: replacing output \(scene.path("docs")), which holds 1 entry feedsite did not write, such as thesis.txt\n"),
            result.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scene.path("docs/index.html")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scene.path("docs/thesis.txt")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scene.path("docs/.gitkeep")))
    }

    func test_generate_withForceStillRefusesAFolderHoldingTheWorkingFolder() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["project/Package.swift": "// mine"])

        let result = try ExecutableRunner.run(
            ["generate", "--api", scene.api, "--output", "..", "--cache", "/tmp/unused", "--force"], in: scene.folder("project"),
            variables: ["HOME": "/nonexistent"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(
            result.standardError.contains("holds the working folder \(scene.path("project")); feedsite never replaces it, even with --force"),
            result.standardError)
        XCTAssertEqual(try read(scene.folder("project/Package.swift")), "// mine")
    }

    // MARK: - Three places apart

    func test_generate_refusesTheCacheInsideTheOutputHoweverItIsWrittenBeforeTakingTheLock() throws {
        let scene = try Scene(testCase: self)
        try FileManager.default.createDirectory(at: scene.folder("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scene.path("alias"), withDestinationPath: scene.path("site"))

        for cache in ["site/cache", "site/../site/cache", "alias/cache"] {
            let result = try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", cache])

            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertEqual(
                result.standardError,
                "feedsite: error: the cache folder \(scene.path("site/cache")) is inside the output folder \(scene.path("site")), "
                    + "which every run replaces; give --cache a folder outside --output\n", cache)
        }
        XCTAssertEqual(try scene.entries(), ["alias", "site"], "no lock file, no cache")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scene.path("site")), [])
        XCTAssertEqual(scene.requests, 0)
    }

    func test_generate_refusesTheOutputInsideTheCacheAndOneFolderForBoth() throws {
        let scene = try Scene(testCase: self)

        let inside = try scene.run(["generate", "--api", scene.api, "--output", "cache/site", "--cache", "cache"])
        let same = try scene.run(["generate", "--api", scene.api, "--output", "both", "--cache", "both/"])

        XCTAssertEqual(inside.status, 2, inside.standardError)
        XCTAssertTrue(
            inside.standardError.contains("the output folder \(scene.path("cache/site")) is inside the cache folder \(scene.path("cache"))"),
            inside.standardError)
        XCTAssertEqual(same.status, 2, same.standardError)
        XCTAssertTrue(same.standardError.contains("--output and --cache are the same folder, \(scene.path("both"))"), same.standardError)
        XCTAssertEqual(try scene.entries(), [])
        XCTAssertEqual(scene.requests, 0)
    }

    func test_generate_refusesTemplatesInsideTheOutput() throws {
        let scene = try Scene(testCase: self)
        try FileManager.default.createDirectory(at: scene.folder("site"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryTemplates(), to: scene.folder("site/theme"))

        let result = try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", "cache", "--templates", "site/theme"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(
            result.standardError.contains(
                "the templates folder \(scene.path("site/theme")) is inside the output folder \(scene.path("site")), which every run replaces"),
            result.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scene.path("site/theme/layout.html")))
    }

    // MARK: - Helpers

    /// A working folder and a sample API for runs of the built executable.
    private struct Scene {
        let root: URL
        let server: SampleAPIServer

        init(testCase: XCTestCase) throws {
            root = URL(fileURLWithPath: RealPath.of(try makeTemporaryFolder(for: testCase).path))
            let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
            testCase.addTeardownBlock { server.stop() }
            self.server = server
        }

        var api: String { server.apiRoot.absoluteString }
        var requests: Int { server.requestCounts.total }

        func folder(_ path: String) -> URL { root.appendingPathComponent(path) }
        func path(_ path: String) -> String { folder(path).path }

        func run(_ arguments: [String]) throws -> ExecutableRunner.Result {
            try ExecutableRunner.run(arguments, in: root)
        }

        func write(_ files: [String: String]) throws {
            for (path, text) in files {
                try FileManager.default.createDirectory(at: folder(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: folder(path))
            }
        }

        /// What the working folder holds, but the runner's captured output.
        func entries() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".stdout-") && !$0.hasPrefix(".stderr-") }.sorted()
        }
    }
}
