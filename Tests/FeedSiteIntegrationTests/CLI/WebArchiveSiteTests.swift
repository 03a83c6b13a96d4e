import FeedSiteCLI
import Foundation
import Hashing
import Publishing
import SampleAPI
import TestSupport
import WebArchive
import XCTest

/// `generate --warc DIR` records what the run published beside what the API sent: the site
/// at its `--base-url` (or its folder's `file:` URL), a later run's unchanged files as
/// revisits, and with `--history` the snapshot the run made.
final class WebArchiveSiteTests: XCTestCase {
    private let source = SyntheticFeed(itemCount: 4, commentsPerItem: 1, imageBytes: 2_000, now: fixedNow())

    func test_generate_warc_recordsThePublishedSiteAtItsBaseURL_aLaterRunsUnchangedFilesAsRevisits() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc", "--base-url",
            "https://feed.example.org/photos/",
        ]
        let first = await runFeedsite(generate, in: folder)
        let second = await runFeedsite(generate, in: folder)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(second.code, .success, second.diagnostics)

        let warc = folder.appendingPathComponent("warc").path
        let run = "\(warc)/feedsite-20240520T112459Z-0000"
        let site = folder.appendingPathComponent("site")
        let manifest = try Manifest.read(from: site)
        let firstRecords = try WARCFileReader.records(of: run + "0.warc.gz")
        let resources = firstRecords.filter { $0.type == "resource" }
        let pictures = manifest.files.filter { $0.path.hasPrefix("images/") }
        XCTAssertEqual(pictures.count, source.itemCount)
        XCTAssertEqual(
            Set(resources.map(\.target)), Set(manifest.files.filter { !$0.path.hasPrefix("images/") }.map { "https://feed.example.org/photos/" + $0.path }),
            "every file the manifest lists but the pictures")
        for file in manifest.files where !file.path.hasPrefix("images/") {
            let record = try XCTUnwrap(resources.first { $0.target == "https://feed.example.org/photos/" + file.path })
            XCTAssertEqual(SHA256.hexDigest(record.block), file.sha256, file.path)
        }
        for picture in pictures {
            let revisit = try XCTUnwrap(firstRecords.first { $0.type == "revisit" && $0.target == "https://feed.example.org/photos/" + picture.path })
            let fetched = try XCTUnwrap(firstRecords.first { $0.fields["WARC-Record-ID"] == revisit.fields["WARC-Refers-To"] }, "the API's answer")
            XCTAssertEqual(fetched.type, "response")
            XCTAssertEqual(fetched.target, revisit.fields["WARC-Refers-To-Target-URI"])
            XCTAssertEqual(SHA256.hexDigest(fetched.payload), picture.sha256, "the bytes the site publishes, fetched by this run")
        }
        XCTAssertTrue(firstRecords.contains { $0.type == "revisit" && $0.target == "https://feed.example.org/photos/" }, "the front page at the folder")

        let secondRecords = try WARCFileReader.records(of: run + "1.warc.gz")
        XCTAssertEqual(secondRecords.filter { $0.type == "resource" }.map(\.target), [], "nothing changed")
        let revisits = secondRecords.filter { $0.type == "revisit" && $0.target.hasPrefix("https://feed.example.org/") }
        XCTAssertEqual(revisits.count, manifest.files.count + 1)
        for revisit in revisits {
            let original = firstRecords.first { $0.fields["WARC-Record-ID"] == revisit.fields["WARC-Refers-To"] }
            XCTAssertEqual(original?.fields["WARC-Payload-Digest"], revisit.fields["WARC-Payload-Digest"], revisit.target)
            XCTAssertEqual(original?.target, revisit.fields["WARC-Refers-To-Target-URI"], revisit.target)
        }
    }

    func test_generate_warc_withHistory_recordsTheSnapshotTheRunMade_atItsFolderURLWithoutABaseURL() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let run = await runFeedsite(["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--warc", "warc", "--history"], in: folder)
        XCTAssertEqual(run.code, .success, run.diagnostics)

        let history = folder.appendingPathComponent("site/history")
        let snapshot = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: history.path).first { $0.hasPrefix("2024") })
        let records = try WARCFileReader.records(of: folder.appendingPathComponent("warc/feedsite-20240520T112459Z-00000.warc.gz").path)
        let base = history.appendingPathComponent(snapshot).standardizedFileURL.resolvingSymlinksInPath().absoluteString
        let resources = records.filter { $0.type == "resource" }
        XCTAssertFalse(resources.isEmpty)
        XCTAssertTrue(resources.allSatisfy { $0.target.hasPrefix(base) }, "\(base): \(resources.map(\.target))")
        XCTAssertTrue(resources.contains { $0.target == base + "index.html" })
    }
}

/// `--wacz` and `feedsite wacz` pack every run's files of the folder: a later run's WACZ is
/// whole on its own.
final class WebArchiveWACZTests: XCTestCase {
    private let source = SyntheticFeed(itemCount: 4, commentsPerItem: 1, imageBytes: 2_000, now: fixedNow())

    func test_generate_wacz_ofASecondRun_holdsEveryRunsFiles_everyPictureOfTheFirst_andTheSitesRecords() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc", "--base-url",
            "https://feed.example.org/", "--wacz",
        ]
        let first = await runFeedsite(generate + ["first.wacz"], in: folder)
        let second = await runFeedsite(generate + ["second.wacz"], in: folder, currentDate: fixedNow().addingTimeInterval(3_600))
        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(second.code, .success, second.diagnostics)

        let wacz = try WACZReader(path: folder.appendingPathComponent("second.wacz").path)
        let warc = folder.appendingPathComponent("warc").path
        XCTAssertEqual(wacz.names.filter { $0.hasPrefix("archive/") }, try WACZFile.warcFiles(in: warc).map { "archive/" + $0 }, "both runs'")
        XCTAssertEqual(wacz.names.filter { $0.hasPrefix("archive/") }.count, 2)
        let index = try wacz.indexLines()
        let firstIndex = try String(contentsOfFile: warc + "/feedsite-20240520T112459Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        let pictures = firstIndex.filter { $0.contains(#""mime": "image/"#) && $0.contains(server.apiRoot.host!) }
        XCTAssertEqual(pictures.count, source.itemCount, "the first run fetched each picture; the second found them in the cache")
        for picture in pictures { XCTAssertTrue(index.contains(String(picture)), "\(picture)") }
        XCTAssertTrue(index.contains { $0.hasPrefix("org,example,feed)/ 20240520122459 ") }, "the second run's site: its front page")
        XCTAssertTrue(index.contains { $0.hasPrefix("org,example,feed)/index.html 20240520112459 ") }, "the first's")
    }

    func test_waczCommand_packsTheFolderAsTheRunDid_refusesAFileInsideIt_andSaysWhenThereIsNothing() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let run = await runFeedsite(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--warc", "warc", "--wacz", "run.wacz"], in: folder)
        XCTAssertEqual(run.code, .success, run.diagnostics)

        let packed = await runFeedsite(["wacz", "--warc", "warc", "packed.wacz"], in: folder)
        let inside = await runFeedsite(["wacz", "--warc", "warc", "warc/packed.wacz"], in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = await runFeedsite(["wacz", "--warc", "empty", "empty.wacz"], in: folder)

        XCTAssertEqual(packed.code, .success, packed.diagnostics)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("packed.wacz")), try Data(contentsOf: folder.appendingPathComponent("run.wacz")),
            "the same folder packs to the same bytes")
        XCTAssertEqual(inside.code, .usage, inside.diagnostics)
        XCTAssertTrue(inside.diagnostics.contains("is inside the web archive's folder"), inside.diagnostics)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("warc/packed.wacz").path))
        XCTAssertEqual(empty.code, .failure, empty.diagnostics)
        XCTAssertTrue(empty.diagnostics.contains("holds no finished WARC file of feedsite's to pack"), empty.diagnostics)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("empty.wacz").path))
    }
}
