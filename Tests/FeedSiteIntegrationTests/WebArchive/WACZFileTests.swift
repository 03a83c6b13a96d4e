import Foundation
import Hashing
import WebArchive
import XCTest

/// A web archive's folder packed as one WACZ: every file of every run, their indexes merged
/// as ZipNum, the pages list, the same bytes every time.
final class WACZFileTests: XCTestCase {
    private let first = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z
    private let second = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27T12:00:00Z
    private let api = "https://api.example.org/v1"

    func test_pack_ofSeveralRunsFiles_mergesTheirIndexesAsZipNum_eachBlockFoundByItsIdxLine() throws {
        let folder = try makeFolder()
        let urls = (0..<1_500).map { "https://example.org/images/\(String($0 * 7_919 % 1_500, radix: 36)).png" }
        try writeRun(in: folder, "20261126T120000Z", at: first, rotateAt: 60_000) { writer in
            for url in urls.prefix(900) { try self.response(url, into: writer) }
        }
        try writeRun(in: folder, "20261127T120000Z", at: second) { writer in
            for url in urls.dropFirst(900) { try self.response(url, into: writer) }
        }
        let warcs = try WACZFile.warcFiles(in: folder)
        XCTAssertGreaterThan(warcs.count, 2, "the first run's files rotated")

        let packed = try WACZFile.pack(folder: folder, to: folder + ".wacz", software: "feedsite test")
        let wacz = try WACZReader(path: folder + ".wacz")

        XCTAssertEqual(packed, warcs)
        XCTAssertEqual(
            wacz.names,
            warcs.map { "archive/" + $0 } + ["indexes/index.cdx.gz", "indexes/index.idx", "pages/pages.jsonl", "datapackage.json", "datapackage-digest.json"])
        let lines = try wacz.indexLines()
        XCTAssertEqual(lines.count, 1_500)
        XCTAssertEqual(lines, lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        XCTAssertEqual(String(decoding: wacz.entries["indexes/index.idx"]!, as: UTF8.self).split(separator: "\n").count, 1 + 2, "1,024 lines a block")
        let package = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(wacz.entries["datapackage.json"]!)) as? [String: Any])
        XCTAssertEqual(package["profile"] as? String, "data-package")
        XCTAssertEqual(package["wacz_version"] as? String, "1.1.1")
        XCTAssertEqual(package["created"] as? String, "2026-11-27T12:00:00Z", "the newest run's")
        let resources = try XCTUnwrap(package["resources"] as? [[String: Any]])
        for resource in resources {
            let path = try XCTUnwrap(resource["path"] as? String)
            XCTAssertEqual(resource["hash"] as? String, "sha256:" + SHA256.hexDigest(wacz.entries[path]!), path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no working file left")
    }

    func test_pages_listTheNewestSitesPagesWithTheirWords_thenTheFeedPagesAlongTheAfterIDChain() throws {
        let folder = try makeFolder()
        let site = "https://feed.example.org/"
        let (old, same, new) = (page("Lisbon", "Tram 28"), page("Porto", "The river"), page("Lisbon", "Tram 28, at night"))
        try writeRun(in: folder, "20261126T120000Z", at: first) { writer in
            try self.resource(site + "comments/1.html", old, into: writer)
            try self.resource(site + "comments/2.html", same, into: writer)
        }
        try writeRun(in: folder, "20261127T120000Z", at: second) { writer in
            // The feed's pages, their URLs sorted otherwise than their chain.
            try self.response(self.api + "/feed?limit=2", body: #"{"items": [{"id": "c"}, {"id": "zeta"}]}"#, into: writer)
            try self.response(self.api + "/feed?limit=2&after_id=zeta", body: #"{"items": [{"id": "alpha"}]}"#, into: writer)
            try self.response(self.api + "/feed?limit=2&after_id=alpha", body: #"{"items": []}"#, into: writer)
            try self.resource(site + "comments/1.html", new, into: writer)
            try self.revisit(site + "comments/2.html", same, into: writer)
        }

        try WACZFile.pack(folder: folder, to: folder + ".wacz", software: "feedsite test")
        let (header, pages) = try WACZReader(path: folder + ".wacz").pages()

        XCTAssertEqual(header["format"] as? String, "json-pages-1.0")
        XCTAssertEqual(header["hasText"] as? Bool, true)
        XCTAssertEqual(header["title"] as? String, "feedsite: \(api)", "the API the newest run's warcinfo names")
        XCTAssertEqual(
            pages.map { "\($0["ts"]!) \($0["url"]!)" },
            [
                "2026-11-27T12:00:00Z \(site)comments/1.html", "2026-11-27T12:00:00Z \(site)comments/2.html",
                "2026-11-27T12:00:00Z \(api)/feed?limit=2", "2026-11-27T12:00:00Z \(api)/feed?limit=2&after_id=zeta",
                "2026-11-27T12:00:00Z \(api)/feed?limit=2&after_id=alpha",
            ], "the newest run's site, each page at its capture; then the feed along its chain")
        XCTAssertEqual(pages[0]["title"] as? String, "Lisbon")
        XCTAssertEqual(pages[0]["text"] as? String, "Lisbon Tram 28, at night", "the words a reader sees")
        XCTAssertEqual(pages[1]["text"] as? String, "Porto The river", "an unchanged page's words, from the record its revisit names")
        XCTAssertEqual(pages.suffix(3).map { $0["title"] as? String }, ["Feed, page 1", "Feed, page 2", "Feed, page 3"])
    }

    func test_pack_theSameFolderTwice_givesTheSameBytes_andAnEmptyFolderNothing() throws {
        let folder = try makeFolder()
        try writeRun(in: folder, "20261126T120000Z", at: first) { writer in try self.response("https://example.org/a.png", into: writer) }

        try WACZFile.pack(folder: folder, to: folder + "-1.wacz", software: "feedsite test")
        try WACZFile.pack(folder: folder, to: folder + "-2.wacz", software: "feedsite test")

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "-1.wacz")), try Data(contentsOf: URL(fileURLWithPath: folder + "-2.wacz")))
        let empty = try makeFolder()
        XCTAssertThrowsError(try WACZFile.pack(folder: empty, to: empty + ".wacz", software: "feedsite test")) { error in
            XCTAssertTrue(error is WACZFile.NothingToPack, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty + ".wacz"))
    }

    // MARK: - Helpers

    private func page(_ title: String, _ words: String) -> [UInt8] {
        Array("<html><head><title>\(title)</title></head><body><main><h1>\(title)</h1><p>\(words)</p></main></body></html>".utf8)
    }

    private func writeRun(in folder: String, _ run: String, at date: Date, rotateAt: Int = 1_000_000_000, _ body: (WARCWriter) throws -> Void) throws {
        let info: [WARCRecord.Field] = [.init("software", "feedsite test"), .init("api", api)]
        let writer = try WARCWriter(folder: folder, runName: run, date: date, info: info, newID: { UUID() }, rotateAt: rotateAt)
        runDate = date
        try body(writer)
        try writer.finish()
    }

    private func response(_ url: String, body: String = "", into writer: WARCWriter) throws {
        let block = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n\(body)".utf8)
        let digest = WARCRecord.digest(SHA1.hash(Array(body.utf8)))
        let record = WARCRecord(kind: .response, id: UUID(), date: runDate, targetURI: url, contentType: "application/http;msgtype=response")
        try writer.write(record, block: .init(block), capture: .init(url: url, mime: "application/json", status: 200, payloadDigest: digest))
    }

    private func resource(_ url: String, _ bytes: [UInt8], into writer: WARCWriter) throws {
        let digest = WARCRecord.digest(SHA1.hash(bytes))
        let record = WARCRecord(kind: .resource, id: UUID(), date: runDate, targetURI: url, contentType: "text/html; charset=utf-8")
        try writer.write(record, block: .init(bytes), capture: .init(url: url, mime: "text/html", status: nil, payloadDigest: digest))
    }

    private func revisit(_ url: String, _ bytes: [UInt8], into writer: WARCWriter) throws {
        let digest = WARCRecord.digest(SHA1.hash(bytes))
        let record = WARCRecord(kind: .revisit, id: UUID(), date: runDate, targetURI: url, contentType: nil)
        try writer.write(record, block: .init([]), capture: .init(url: url, mime: "warc/revisit", status: nil, payloadDigest: digest))
    }

    /// The date of the records of the run being written.
    private var runDate = Date()

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wacz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock {
            for path in [folder, folder + ".wacz", folder + "-1.wacz", folder + "-2.wacz"] { try? FileManager.default.removeItem(atPath: path) }
        }
        return folder
    }
}
