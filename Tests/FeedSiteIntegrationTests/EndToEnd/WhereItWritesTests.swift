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

    func test_generate_neverReplacesTheHomeFolderHoldingOnlyDotFilesWithOrWithoutForce() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["home/.profile": "export EDITOR=vi\n", "home/.ssh/id_ed25519": "secret"])
        let inode = try inodeNumber(scene.path("home"))

        for force in [[], ["--force"]] {
            let result = try ExecutableRunner.run(
                ["generate", "--api", scene.api, "--output", scene.path("home"), "--cache", scene.path("cache")] + force, in: scene.folder("home"),
                variables: ["HOME": scene.path("home")])

            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertEqual(
                result.standardError,
                "feedsite: error: output \(scene.path("home")) is the home folder \(scene.path("home")); "
                    + "feedsite never replaces it, even with --force; choose another folder\n")
        }
        XCTAssertEqual(try inodeNumber(scene.path("home")), inode, "the same folder, not a new one")
        XCTAssertEqual(try read(scene.folder("home/.ssh/id_ed25519")), "secret")
        XCTAssertEqual(try scene.entries(), ["home"], "no lock file beside it, no cache")
        XCTAssertEqual(scene.requests, 0)
    }

    func test_generate_neverReplacesTheWorkingFolderHoldingOnlyDotFiles() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["work/.git/HEAD": "ref: refs/heads/main\n"])

        let result = try ExecutableRunner.run(
            ["generate", "--api", scene.api, "--output", ".", "--cache", scene.path("cache")], in: scene.folder("work"),
            variables: ["HOME": "/nonexistent"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("is the working folder \(scene.path("work")); feedsite never replaces it"), result.standardError)
        XCTAssertEqual(try read(scene.folder("work/.git/HEAD")), "ref: refs/heads/main\n")
    }

    func test_generate_movesThePublishedSitesDotEntriesAsThemselvesWhateverTheyAre() throws {
        let scene = try Scene(testCase: self)
        try scene.write(["www/.git/objects/pack": "a big pack", "www/.htaccess": "Require all granted\n", "www/.well-known/security.txt": "x"])
        XCTAssertEqual(mkfifo(scene.path("www/.well-known/pipe"), 0o644), 0)
        try FileManager.default.linkItem(atPath: scene.path("www/.htaccess"), toPath: scene.path("htaccess-elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: scene.path("www/.current"), withDestinationPath: "index.html")
        let socket = try UnixSocket(boundAt: scene.path("www/.control.sock"))
        defer { socket.release() }
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: scene.path("www/.git/objects/pack"))
        let before = try [".git", ".git/objects/pack", ".htaccess", ".well-known/pipe", ".control.sock"].map { try inodeNumber(scene.path("www/\($0)")) }
        let generate = ["generate", "--api", scene.api, "--output", "www", "--cache", "cache"]

        for _ in 1...2 {
            let result = try scene.run(generate)

            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(FileManager.default.fileExists(atPath: scene.path("www/index.html")))
        }
        let after = try [".git", ".git/objects/pack", ".htaccess", ".well-known/pipe", ".control.sock"].map { try inodeNumber(scene.path("www/\($0)")) }
        XCTAssertEqual(after, before, "the same files and folders, moved, not copies")
        let pack = try FileManager.default.attributesOfItem(atPath: scene.path("www/.git/objects/pack"))
        XCTAssertEqual(pack[.modificationDate] as? Date, old, "its time is its own")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: scene.path("www/.htaccess"))[.referenceCount] as? Int, 2, "still linked")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scene.path("www/.current")), "index.html")
    }

    func test_generate_refusesAnOutputThatIsAPipeWithoutMakingALockFileBesideIt() throws {
        let scene = try Scene(testCase: self)
        XCTAssertEqual(mkfifo(scene.path("pipe"), 0o644), 0)

        let result = try scene.run(["generate", "--api", scene.api, "--output", "pipe", "--cache", "cache"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertEqual(result.standardError, "feedsite: error: output \(scene.path("pipe")) exists and is not a folder; choose a folder for --output\n")
        XCTAssertEqual(try scene.entries(), ["pipe"], "no lock file beside it")
    }

    func test_generate_refusesAFolderWhoseForgedManifestDoesNotMatchWhatIsThereAndTouchesNothing() throws {
        let scene = try Scene(testCase: self)
        let forged = feedsiteManifest(listing: ["thesis.txt", "photos/1.jpg"], in: scene.folder("docs"))
        try scene.write(["docs/thesis.txt": "chapter 1", "docs/photos/1.jpg": "jpeg", "docs/manifest.json": forged])
        let before = try snapshotOfFiles(in: scene.folder("docs"))

        let result = try scene.run(["generate", "--api", scene.api, "--output", "docs", "--cache", "cache"])

        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(
            result.standardError.contains("holds 1 entry feedsite did not write, such as thesis.txt (not as its manifest.json records it)"),
            result.standardError)
        XCTAssertEqual(try snapshotOfFiles(in: scene.folder("docs")), before)
        XCTAssertEqual(scene.requests, 0)
    }

    // MARK: - Helpers

    /// A Unix socket bound at a path, as a program serving on one leaves it.
    struct UnixSocket {
        let descriptor: Int32

        init(boundAt path: String) throws {
            #if canImport(Glibc)
                descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #else
                descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
            #endif
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard descriptor >= 0, bound == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        }

        func release() {
            close(descriptor)
        }
    }

    func inodeNumber(_ path: String) throws -> UInt64 {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return UInt64(info.st_ino)
    }

    /// A working folder and a sample API for runs of the built executable.
    struct Scene {
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
