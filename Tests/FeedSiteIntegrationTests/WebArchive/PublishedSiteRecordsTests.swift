import Deflate
import Foundation
import Hashing
import TestSupport
import WebArchive
import XCTest

/// What a run published, recorded in its web archive: each file a `resource` record at its
/// address, or a `revisit` of an earlier run's record of the same bytes.
final class PublishedSiteRecordsTests: XCTestCase {
    private let first = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z
    private let second = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27T12:00:00Z

    func test_record_writesEachFileAsAResourceAtItsAddress_andAFoldersIndexAlsoAtTheFolder() async throws {
        let (folder, site) = try makeSite(["index.html": "<p>feed</p>", "el/index.html": "<p>ροή</p>", "images/a b.jpg": "JPEG"])
        try await record(site, into: folder, at: first, run: "20261126T120000Z")

        let records = try WARCFileReader.records(of: folder + "/feedsite-20261126T120000Z-00000.warc.gz")
        let resources = records.filter { $0.type == "resource" }
        XCTAssertEqual(
            resources.map(\.target).sorted(),
            ["https://feed.example.org/el/index.html", "https://feed.example.org/images/a%20b.jpg", "https://feed.example.org/index.html"])
        let picture = try XCTUnwrap(resources.first { $0.target.hasSuffix(".jpg") })
        XCTAssertEqual(picture.block, Array("JPEG".utf8), "the file's bytes, with no HTTP head")
        XCTAssertEqual(picture.fields["Content-Type"], "image/jpeg")
        XCTAssertEqual(picture.fields["WARC-Payload-Digest"], WARCRecord.digest(SHA1.hash(Array("JPEG".utf8))))
        let front = try XCTUnwrap(records.first { $0.type == "revisit" && $0.target == "https://feed.example.org/" }, "the folder's address")
        XCTAssertEqual(front.fields["WARC-Refers-To-Target-URI"], "https://feed.example.org/index.html")
        XCTAssertEqual(front.fields["WARC-Profile"], "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest")
        XCTAssertTrue(records.contains { $0.type == "revisit" && $0.target == "https://feed.example.org/el/" })
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8)
        XCTAssertTrue(index.contains(#"{"url": "https://feed.example.org/images/a%20b.jpg", "mime": "image/jpeg", "digest""#), index)
    }

    func test_record_aFileAnEarlierRunRecorded_isARevisitOfItsRecord_aChangedOneAResource() async throws {
        let (folder, site) = try makeSite(["index.html": "<p>feed</p>", "page/2.html": "<p>two</p>"])
        try await record(site, into: folder, at: first, run: "20261126T120000Z")
        let earlier = try WARCFileReader.records(of: folder + "/feedsite-20261126T120000Z-00000.warc.gz")
        let (_, changed) = try makeSite(["index.html": "<p>feed, changed</p>", "page/2.html": "<p>two</p>"], in: site.folder)
        try await record(changed, into: folder, at: second, run: "20261127T120000Z")

        let later = try WARCFileReader.records(of: folder + "/feedsite-20261127T120000Z-00000.warc.gz")
        XCTAssertEqual(later.filter { $0.type == "resource" }.map(\.target), ["https://feed.example.org/index.html"], "only what changed")
        let same = try XCTUnwrap(later.first { $0.type == "revisit" && $0.target == "https://feed.example.org/page/2.html" })
        let original = try XCTUnwrap(earlier.first { $0.target == "https://feed.example.org/page/2.html" })
        XCTAssertEqual(same.fields["WARC-Refers-To"], original.fields["WARC-Record-ID"])
        XCTAssertEqual(same.fields["WARC-Refers-To-Date"], original.fields["WARC-Date"])
        XCTAssertEqual(same.fields["WARC-Payload-Digest"], original.fields["WARC-Payload-Digest"])
        XCTAssertEqual(same.block, [], "no head of its own: a replay takes the record it refers to")
        let table = try String(contentsOfFile: folder + "/" + ValidatedCaptures.siteFileName, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(
            table.map { String($0.prefix(64)) }.sorted(),
            [SHA256.hexDigest(Array("<p>feed, changed</p>".utf8)), SHA256.hexDigest(Array("<p>two</p>".utf8))].sorted(),
            "the site's table keeps what the latest site holds, not the page's old version")
    }

    func test_record_aFileNotAsTheManifestListsIt_stopsTheArchive_namingIt() async throws {
        let (folder, site) = try makeSite(["index.html": "<p>feed</p>"])
        try Data("<p>feed, changed after publishing</p>".utf8).write(to: URL(fileURLWithPath: site.folder + "/index.html"))
        let writer = try WARCWriter(folder: folder, runName: "20261126T120000Z", date: first, info: [], newID: { UUID() })
        let archiver = ExchangeArchiver(
            writer: writer, captures: nil, siteCaptures: try ValidatedCaptures(folder: folder, fileName: ValidatedCaptures.siteFileName),
            clock: { [first] in first }, newID: { UUID() })

        await archiver.record(site)
        let finished = await archiver.finish()

        guard case let .failure(stop) = finished else { return XCTFail("\(finished)") }
        XCTAssertTrue(stop.description.contains("index.html is not as the site's manifest lists it"), stop.description)
    }

    func test_record_aSiteOfManyBatches_isRecordedInTheManifestsOrder_eachIndexLineOnItsRecord() async throws {
        // Pages of 40 to 4,000 bytes, so some are compressed and some stored; and pictures
        // the size of several batches' worth together.
        var files: [String: String] = [:]
        for number in 0..<700 { files[String(format: "page/%04d.html", number)] = String(repeating: "<p>\(number)</p>", count: 1 + number % 400) }
        for number in 0..<3 { files["images/\(number).jpg"] = String(repeating: "\(number)", count: 3 << 20) }
        let (folder, site) = try makeSite(files)
        try await record(site, into: folder, at: first, run: "20261126T120000Z")

        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz")))
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        var targets: [String: Int] = [:]
        for line in index {
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (try XCTUnwrap(Int(fields["offset"] ?? "")), try XCTUnwrap(Int(fields["length"] ?? "")))
            let record = try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 24, gzip: true)
            let url = try XCTUnwrap(fields["url"])
            XCTAssertTrue(String(decoding: record.prefix(400), as: UTF8.self).contains("WARC-Target-URI: \(url)\r\n"), url)
            targets[url] = offset
        }
        let paths = files.keys.sorted()
        XCTAssertEqual(targets.count, paths.count)
        let offsets = try paths.map { try XCTUnwrap(targets["https://feed.example.org/" + $0], $0) }
        XCTAssertEqual(offsets, offsets.sorted(), "written in the manifest's order")
        let page = try XCTUnwrap(
            WARCFileReader.records(of: folder + "/feedsite-20261126T120000Z-00000.warc.gz").first { $0.target.hasSuffix("/page/0399.html") })
        XCTAssertEqual(page.block, Array(files["page/0399.html"]!.utf8))
    }

    func test_address_percentEncodesWhatAPathCannotHold() {
        let site = PublishedSite(folder: "/x", base: "file:///srv/my%20feed") { _ in }
        XCTAssertEqual(site.base, "file:///srv/my%20feed/")
        XCTAssertEqual(site.address(of: "pt-BR/comments/é 1.html"), "file:///srv/my%20feed/pt-BR/comments/%C3%A9%201.html")
    }

    // MARK: - Helpers

    private func record(_ site: PublishedSite, into folder: String, at date: Date, run: String) async throws {
        let newID = randomUUIDs()
        let writer = try WARCWriter(folder: folder, runName: run, date: date, info: [.init("software", "feedsite test")], newID: newID)
        let archiver = ExchangeArchiver(
            writer: writer, captures: try ValidatedCaptures(folder: folder),
            siteCaptures: try ValidatedCaptures(folder: folder, fileName: ValidatedCaptures.siteFileName, keepingOnlyWhatIsUsed: true), clock: { date },
            newID: newID)
        await archiver.record(site)
        let finished = await archiver.finish()
        XCTAssertEqual(finished, .success([WARCWriter.fileName(run: run, serial: 0)]))
    }

    /// A site of `files` (path: text) in a new folder, or in `folder`, and the folder for its archive.
    private func makeSite(_ files: [String: String], in folder: String? = nil) throws -> (archive: String, site: PublishedSite) {
        let root = try makeTemporaryFolder(for: self).path
        let siteFolder = folder ?? root + "/site"
        for (path, text) in files {
            let url = URL(fileURLWithPath: siteFolder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let archive = folder.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/warc" } ?? root + "/warc"
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        let listed = files.keys.sorted().map { path in
            PublishedSite.File(
                path: path, size: files[path]!.utf8.count, sha256: SHA256.hexDigest(Array(files[path]!.utf8)),
                mediaType: path.hasSuffix(".jpg") ? "image/jpeg" : "text/html")
        }
        return (archive, PublishedSite(folder: siteFolder, base: "https://feed.example.org") { body in try listed.forEach(body) })
    }

    private func randomUUIDs() -> @Sendable () -> UUID { { UUID() } }
}
