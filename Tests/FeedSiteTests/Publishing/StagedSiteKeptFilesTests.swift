import Foundation
import Hashing
import TestSupport
import XCTest

@testable import Publishing

/// The manifest of a site whose files were kept from the previous one: a kept file, still as
/// the previous manifest found it, is listed as that manifest lists it, without being read.
final class StagedSiteKeptFilesTests: XCTestCase, StagedSiteTestCase {
    private static let madeUp = String(repeating: "a", count: 64)

    func test_writeManifest_listsAKeptFileAsThePreviousManifestDoes_withoutReadingIt() throws {
        let output = try previousSite(["index.html": "home", "about.html": "about"], madeUpDigestOf: "index.html")
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        try sut.write("about", to: "about.html")
        XCTAssertEqual(sut.fileCounts.unchanged, 2)

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(try digests(in: sut), ["about.html": SHA256.hexDigest(Array("about".utf8)), "index.html": Self.madeUp])
    }

    func test_writeManifest_hashesAKeptFileChangedSinceThePreviousManifest() throws {
        let output = try previousSite(["index.html": "home"], madeUpDigestOf: "index.html")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: output.path + "/index.html")
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        XCTAssertEqual(sut.fileCounts.unchanged, 1, "kept: it holds the new bytes")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(try digests(in: sut), ["index.html": SHA256.hexDigest(Array("home".utf8))])
    }

    func test_writeManifest_hashesAKeptPathWrittenAgainWithOtherBytes() throws {
        let output = try previousSite(["index.html": "home"], madeUpDigestOf: "index.html")
        let sut = try StagedSite(output: output)
        try sut.write("home", to: "index.html")
        try sut.write("HOME", to: "index.html")

        try sut.writeManifest(generator: "test", run: Self.manifestRun)

        XCTAssertEqual(try digests(in: sut), ["index.html": SHA256.hexDigest(Array("HOME".utf8))])
    }

    /// A site published with `pages`, its files last changed an hour ago and its manifest
    /// half an hour ago, listing `madeUpDigestOf` with a digest no bytes have.
    private func previousSite(_ pages: [String: String], madeUpDigestOf path: String) throws -> URL {
        let output = try makeOutputURL()
        let previous = try StagedSite(output: output)
        for (page, text) in pages { try previous.write(text, to: page) }
        try previous.writeManifest(generator: "test", run: Self.manifestRun)
        try previous.publish()
        for page in pages.keys {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: output.path + "/" + page)
        }
        let manifest = output.path + "/" + Manifest.fileName
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let real = SHA256.hexDigest(Array(pages[path]!.utf8))
        XCTAssertTrue(text.contains(real))
        try text.replacingOccurrences(of: real, with: Self.madeUp).write(toFile: manifest, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1_800)], ofItemAtPath: manifest)
        return output
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
