import FileSystem
import Foundation
import SQLite
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the cache, the files the flags name and `verify`'s reads may lead, and the output,
/// the cache and the templates kept apart.
extension WhereItWritesTests {
    // MARK: - The cache folder

    func test_validateCache_refusesAFolderOfSomeoneElsesFilesNamedLikeAnEarlierCacheInOneLineAndTouchesNothing() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["docs/feed.json": "", "docs/thesis.txt": "", "docs/comments/2024/review.txt": "", "docs/images/index/photo.jpg": ""])
        let before = try snapshotOfFiles(in: scene.folder("docs"))

        for command in [["validate-cache", "--cache", "docs"], ["generate", "--api", scene.api, "--output", "site", "--cache", "docs"]] {
            let result = try scene.run(command)

            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertEqual(
                result.standardError,
                "feedsite: error: cache folder \(scene.path("docs")) holds 4 entries feedsite did not make, such as comments/2024; "
                    + "it is not a feedsite cache: choose a new or empty folder for --cache\n")
            XCTAssertEqual(try snapshotOfFiles(in: scene.folder("docs")), before, "every file is as it was")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: scene.path("docs")).sorted(), ["comments", "feed.json", "images", "thesis.txt"],
                "no lock file, no database")
        }
        XCTAssertEqual(try scene.entries(), ["docs"])
        XCTAssertEqual(scene.requests, 0)
    }

    func test_generate_neverChangesAnotherProgramsDatabaseNamedAsTheCachesOrLinkedThere() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["app/keep": ""])
        let theirs = scene.path("app/app.db")
        do {
            // Another program's database, in the rollback-journal mode most programs use.
            let database = try Database(path: theirs)
            try database.execute("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ada'); PRAGMA journal_mode = DELETE")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: theirs))
        try FileManager.default.createDirectory(at: scene.folder("cache"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scene.path("cache/cache.sqlite"), withDestinationPath: theirs)

        let result = try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", "cache"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertEqual(
            result.standardError,
            "feedsite: error: cache database \(scene.path("cache/cache.sqlite")) is not one feedsite made (its tables: users); "
                + "feedsite never changes it: move it away, or choose another folder for --cache\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: theirs)), bytes, "byte for byte, no journal mode set")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scene.path("app")).sorted(), ["app.db", "keep"], "no journal beside it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scene.path("cache")), ["cache.sqlite"])
        XCTAssertEqual(scene.requests, 0)
    }

    // MARK: - The files the flags name

    func test_generate_refusesArchiveAndMetricsFilesThatAreNotFilesAndFollowsALinkToOne() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["runs/site.tar": "previous archive"])
        try FileManager.default.createSymbolicLink(atPath: scene.path("latest.tar"), withDestinationPath: "runs/site.tar")
        // A device and a pipe of the test's own: a build that wrote through them would
        // replace these, never the machine's /dev/null.
        XCTAssertEqual(mkfifo(scene.path("pipe"), 0o644), 0)
        // Any device number will do: nothing opens it.
        let hasDevice = mknod(scene.path("null"), S_IFCHR | 0o666, dev_t(0x103)) == 0
        var refusals: [([String], String)] = [
            (["--archive", "pipe"], "--archive pipe is not a regular file"),
            (["--metrics-file", "pipe"], "--metrics-file pipe is not a regular file"),
            (["--archive", "missing/site.tar"], "--archive missing/site.tar: the folder \(scene.path("missing")) does not exist"),
            (["--archive", "runs"], "--archive runs is a folder"),
            (["--archive", "run.out", "--metrics-file", "run.out"], "--archive and --metrics-file name the same file, \(scene.path("run.out"))"),
        ]
        if hasDevice { refusals.append((["--archive", "null"], "--archive null is not a regular file")) }

        for (flags, message) in refusals {
            let result = try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", "cache"] + flags)

            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertTrue(result.standardError.hasPrefix("feedsite: error: \(message)"), result.standardError)
        }
        XCTAssertEqual(try scene.entries(), (["latest.tar", "pipe", "runs"] + (hasDevice ? ["null"] : [])).sorted(), "no site, cache, folder or file made")
        for (path, kind) in [("pipe", S_IFIFO)] + (hasDevice ? [("null", S_IFCHR)] : []) {
            var info = stat()
            XCTAssertEqual(lstat(scene.path(path), &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, kind, "\(path) is as it was")
        }

        let result = try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", "cache", "--archive", "latest.tar"])

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scene.path("latest.tar")), "runs/site.tar", "the link stays")
        XCTAssertTrue(try Data(contentsOf: scene.folder("runs/site.tar")).count > 1024, "the archive went where the link leads")
    }

    // MARK: - verify

    func test_verify_neverReadsAPathThatLeadsOutOfTheSiteAndSaysSo() throws {
        let scene = try Scene(testCase: self)
        XCTAssertEqual(try scene.run(["generate", "--api", scene.api, "--output", "site", "--cache", "cache"]).status, 0)
        let manifest = scene.folder("site/manifest.json")
        var text = try read(manifest)
        let forged = ["../../../../etc/hostname", "../../../../dev/zero", "/etc/passwd", "out/hostname", "pipe"].map {
            #"{"path": "\#($0)", "size": 1, "sha256": "\#(String(repeating: "0", count: 64))"}, "#
        }
        text = text.replacingOccurrences(of: #""files": ["#, with: #""files": ["# + forged.joined())
        try Data(text.utf8).write(to: manifest)
        try FileManager.default.createSymbolicLink(atPath: scene.path("site/out"), withDestinationPath: "/etc")
        XCTAssertEqual(mkfifo(scene.path("site/pipe"), 0o644), 0)

        let result = try scene.run(["verify", "--output", "site"])

        XCTAssertEqual(result.status, 1, result.standardError)
        // The last: a link the manifest does not list, leading out; listed, not followed.
        for path in ["../../../../etc/hostname", "../../../../dev/zero", "/etc/passwd", "out/hostname", "out"] {
            XCTAssertTrue(result.standardOutput.contains("outside  \(path) (not read: it leads out of the site)\n"), result.standardOutput)
        }
        XCTAssertTrue(result.standardOutput.contains("changed  pipe\n"), result.standardOutput)
        XCTAssertTrue(result.standardError.hasSuffix("0 missing, 1 changed, 0 extra, 5 outside the site\n"), result.standardError)
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
}
