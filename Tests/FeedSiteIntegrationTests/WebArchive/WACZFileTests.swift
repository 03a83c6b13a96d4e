import Foundation
import WebArchive
import XCTest

/// A WACZ of several WARC files (a run past the size a file is rotated at): every file is
/// packed, and their indexes are merged into one, sorted.
final class WACZFileTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_wacz_ofARunOfSeveralFiles_packsThemAll_withOneSortedIndex_andTheFeedsPagesAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wacz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try WARCWriter(folder: folder, runName: "20261126T120000Z", date: date, info: [], newID: { UUID() }, rotateAt: 1)
        for url in ["https://example.org/v1/feed?limit=10", "https://example.org/images/b.png", "https://example.org/images/a.png"] {
            let record = WARCRecord(kind: .response, id: UUID(), date: date, targetURI: url, contentType: "application/http;msgtype=response")
            try writer.write(
                record, block: .init(Array("HTTP/1.1 200 OK\r\n\r\n".utf8)), capture: .init(url: url, mime: "x", status: 200, payloadDigest: "sha1:X"))
        }
        try writer.finish()
        let wacz = folder + "/run.wacz"

        try WACZFile.write(
            to: wacz, folder: folder, warcs: writer.finished,
            about: .init(title: "test", software: "feedsite test", created: date, pagesPrefix: "https://example.org/v1/feed"))

        XCTAssertEqual(writer.finished.count, 3)
        let entries = try ZipReading.entries(of: wacz)
        XCTAssertEqual(entries.map(\.name).filter { $0.hasPrefix("archive/") }, writer.finished.map { "archive/" + $0 })
        let index = try XCTUnwrap(entries.first { $0.name == "indexes/index.cdx" })
        let lines = String(decoding: index.data, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.split(separator: " ")[0] }, ["org,example)/images/a.png", "org,example)/images/b.png", "org,example)/v1/feed?limit=10"])
        let pages = try XCTUnwrap(entries.first { $0.name == "pages/pages.jsonl" })
        XCTAssertEqual(String(decoding: pages.data, as: UTF8.self).split(separator: "\n").count, 2, "the header and the one feed page")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no working file left")
    }
}
