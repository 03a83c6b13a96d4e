import Foundation
import Hashing
import TestSupport
import XCTest

@testable import Publishing

/// The manifest of a site whose files were kept from the previous one: a kept file, still as
/// the previous manifest found it and listed there with the bytes it was kept for, is listed
/// as that manifest lists it, without being read.
final class StagedSiteKeptFilesTests: XCTestCase, StagedSiteTestCase {
    func test_writeManifest_listsKeptFilesAsThePreviousManifestDoes_withoutReadingThem() throws {
        let output = try previousSite(["index.html": "home", "about.html": "about"])
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        try sut.write("about", to: "about.html")
        try sut.write("new", to: "new.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(sut.listedUnread.withLock { $0 }, 2, "the kept pages; the new one is read")
        XCTAssertEqual(try digests(in: sut), ["about.html": digest("about"), "index.html": digest("home"), "new.html": digest("new")])
    }

    func test_writeManifest_doesNotBelieveAPreviousManifestThatListsAnotherDigest() throws {
        let output = try previousSite(["index.html": "home", "about.html": "about"])
        let manifest = output.path + "/" + Manifest.fileName
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: digest("home"), with: String(repeating: "a", count: 64)).write(toFile: manifest, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1_800)], ofItemAtPath: manifest)
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        try sut.write("about", to: "about.html")
        XCTAssertEqual(sut.fileCounts.unchanged, 2, "both kept: they hold the new bytes")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(sut.listedUnread.withLock { $0 }, 1)
        XCTAssertEqual(try digests(in: sut), ["about.html": digest("about"), "index.html": digest("home")])
    }

    func test_writeManifest_readsAKeptFileChangedSinceThePreviousManifest() throws {
        let output = try previousSite(["index.html": "home"])
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: output.path + "/index.html")
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        XCTAssertEqual(sut.fileCounts.unchanged, 1, "kept: it holds the new bytes")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(sut.listedUnread.withLock { $0 }, 0)
        XCTAssertEqual(try digests(in: sut), ["index.html": digest("home")])
    }

    func test_writeManifest_readsAKeptPathWrittenAgainWithOtherBytesOfTheSameSize() throws {
        let output = try previousSite(["index.html": "home"])
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        try sut.write("HOME", to: "index.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(sut.listedUnread.withLock { $0 }, 0)
        XCTAssertEqual(try digests(in: sut), ["index.html": digest("HOME")])
    }

    /// A site published with `pages`, its files last changed an hour ago and its manifest
    /// half an hour ago.
    private func previousSite(_ pages: [String: String]) throws -> URL {
        let output = try makeOutputURL()
        let previous = try StagedSite(output: output)
        for (page, text) in pages { try previous.write(text, to: page) }
        try previous.writeManifest(generator: "test", run: Self.manifestRun)
        try previous.publish()
        for page in pages.keys {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: output.path + "/" + page)
        }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1_800)], ofItemAtPath: output.path + "/" + Manifest.fileName)
        return output
    }

    private func digest(_ text: String) -> String {
        SHA256.hexDigest(Array(text.utf8))
    }

    /// What the staged site's manifest lists: path → digest.
    private func digests(in site: StagedSite) throws -> [String: String] {
        try site.publish()
        return Dictionary(uniqueKeysWithValues: try Manifest.read(from: site.output).files.map { ($0.path, $0.sha256) })
    }
}

final class KeptFilesLineTests: XCTestCase {
    private let digest = SHA256.hexDigest(Array("x".utf8))

    func test_fileListedBy_readsTheLinesAManifestWrites_anEscapedPathAsJSON() {
        let plain = Manifest.File(path: "comments/é 1.html", size: 2_142, sha256: digest)
        let escaped = Manifest.File(path: "a \"quoted\" \\ path", size: 0, sha256: digest)

        XCTAssertEqual(file(listedBy: "    " + plain.json + ","), plain)
        XCTAssertEqual(file(listedBy: "    " + escaped.json), escaped)
    }

    func test_fileListedBy_isNilForALineThatListsNoFile() {
        for line in [
            "{", "  \"files\": [", "  ]", "    {\"path\": \"a\", \"size\": 1, \"sha256\": \"\(digest.uppercased())\"}",
            "    {\"path\": \"a\", \"size\": x, \"sha256\": \"\(digest)\"}", "    {\"path\": \"a\", \"size\": 1, \"sha256\": \"\(digest.dropLast())\"}",
        ] {
            XCTAssertNil(file(listedBy: line), line)
        }
    }

    private func file(listedBy line: String) -> Manifest.File? {
        Array(line.utf8).withUnsafeBytes { KeptFiles.Listings.file(listedBy: $0) }
    }
}
