import Foundation
import Hashing
import Publishing
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A manifest written in parts (a snapshot's): read back as one list, its unchanged parts
/// shared with another site's, and checked by `verify` as any manifest is.
final class ManifestPartsTests: XCTestCase {
    func test_writeInParts_listsOnlyItsParts_andReadsBackEveryFileWithItsDigest() throws {
        let site = try makeSite(["index.html": "home", "comments/a.html": "a", "comments/b.html": "b", "search/index.js": "index"])

        try Manifest.writeInParts(generator: "feedsite test", run: run, into: site.path, sharingWith: nil)
        let manifest = try Manifest.read(from: site)

        let files = manifest.files.filter { !$0.path.hasPrefix("manifest/") }
        XCTAssertEqual(files.map(\.path), ["comments/a.html", "comments/b.html", "index.html", "search/index.js"])
        XCTAssertEqual(files.first { $0.path == "index.html" }?.sha256, SHA256Hex.of("home"))
        let text = try String(contentsOf: site.appendingPathComponent("manifest.json"), encoding: .utf8)
        XCTAssertFalse(text.contains("index.html"), "the files are listed in the parts: \(text)")
        XCTAssertTrue(text.contains(#""parts": ["manifest/"#), text)
        XCTAssertTrue(try SiteVerifier.verify(site).isIntact)
    }

    func test_writeInParts_linksThePartsAsTheOtherSitesAre_andWritesTheOthers() throws {
        let names = (0..<40).map { "comments/\($0).html" }
        let earlier = try makeSite(Dictionary(uniqueKeysWithValues: names.map { ($0, "same \($0)") }))
        try Manifest.writeInParts(generator: "feedsite test", run: run, into: earlier.path, sharingWith: nil)
        var files = Dictionary(uniqueKeysWithValues: names.map { ($0, "same \($0)") })
        files["comments/7.html"] = "changed"
        let later = try makeSite(files)

        try Manifest.writeInParts(generator: "feedsite test", run: run, into: later.path, sharingWith: earlier.path)

        let parts = try FileManager.default.contentsOfDirectory(atPath: later.appendingPathComponent("manifest").path)
        let shared = try parts.filter { try inode(earlier.appendingPathComponent("manifest/\($0)")) == inode(later.appendingPathComponent("manifest/\($0)")) }
        XCTAssertEqual(shared.count, parts.count - 1, "only the part listing the changed page is new")
        XCTAssertTrue(try SiteVerifier.verify(later).isIntact)
    }

    func test_verify_ofASiteInParts_namesAChangedFileListedInAPart_andAChangedPart() throws {
        let site = try makeSite(["index.html": "home", "comments/a.html": "a"])
        try Manifest.writeInParts(generator: "feedsite test", run: run, into: site.path, sharingWith: nil)
        try Data("edited".utf8).write(to: site.appendingPathComponent("comments/a.html"))

        XCTAssertEqual(try SiteVerifier.verify(site).changed, ["comments/a.html"])

        let part = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("manifest").path).first)
        try Data("{\"path\": \"x\", \"size\": 1, \"sha256\": \"00\"}\n".utf8).write(to: site.appendingPathComponent("manifest/\(part)"), options: .atomic)
        let report = try SiteVerifier.verify(site)
        XCTAssertTrue(report.changed.contains("manifest/\(part)"), "\(report)")
    }

    func test_writeInParts_listsAFileTheOtherSiteListed_andThatIsNoNewer_asListed_andHashesAFileWrittenSince() throws {
        let earlier = try makeSite(["comments/a.html": "kept", "comments/b.html": "old"])
        try Manifest.writeInParts(generator: "feedsite test", run: run, into: earlier.path, sharingWith: nil)
        let later = try makeSite(["comments/b.html": "new"])
        try FileManager.default.linkItem(at: earlier.appendingPathComponent("comments/a.html"), to: later.appendingPathComponent("comments/a.html"))
        var listed: [String: Manifest.File] = [:]
        _ = try Manifest.read(from: earlier) { listed[$0.path] = $0 }
        // A digest only the other manifest's word can give: the kept file is not read again.
        listed["comments/a.html"] = Manifest.File(path: "comments/a.html", size: 4, sha256: String(repeating: "e", count: 64))
        listed["comments/b.html"] = Manifest.File(path: "comments/b.html", size: 3, sha256: String(repeating: "f", count: 64))
        // The kept file last changed well before the other manifest was written.
        let older = timespec(tv_sec: 1_700_000_000, tv_nsec: 0)
        XCTAssertEqual(
            [older, older].withUnsafeBufferPointer { utimensat(AT_FDCWD, earlier.appendingPathComponent("comments/a.html").path, $0.baseAddress, 0) }, 0)

        try Manifest.writeInParts(generator: "feedsite test", run: run, into: later.path, sharingWith: earlier.path, listedThere: listed)

        let files = try Manifest.read(from: later).files
        XCTAssertEqual(files.first { $0.path == "comments/a.html" }?.sha256, String(repeating: "e", count: 64))
        XCTAssertEqual(files.first { $0.path == "comments/b.html" }?.sha256, SHA256Hex.of("new"), "written since: hashed")
    }

    func test_read_refusesAPartOutsideThePartsFolder() throws {
        let site = try makeSite(["index.html": "home"])
        try Manifest.writeInParts(generator: "feedsite test", run: run, into: site.path, sharingWith: nil)
        let path = site.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""parts": ["manifest/"#, with: #""parts": ["../manifest/"#).utf8).write(to: path)

        XCTAssertThrowsError(try Manifest.read(from: site)) { error in
            XCTAssertTrue("\(error)".hasSuffix("a part outside manifest/"), "\(error)")
        }
    }

    private let run = Manifest.Run(
        api: "http://127.0.0.1:1/v1", now: "2026-11-26T12:00:00Z", feedSource: "live", feedSavedAt: nil, locales: ["en"], items: 0, feedPages: 0,
        commentsPages: 0, images: 0, imagesFailed: 0, comments: 0, commentsFromCache: 0, commentsUnavailable: 0)

    private func makeSite(_ files: [String: String]) throws -> URL {
        let site = try makeTemporaryFolder(for: self).appendingPathComponent("site")
        for (path, text) in files {
            let url = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return site
    }
}

/// The hex SHA-256 of a text.
private enum SHA256Hex {
    static func of(_ text: String) -> String {
        SHA256.hexDigest(Data(text.utf8))
    }
}
