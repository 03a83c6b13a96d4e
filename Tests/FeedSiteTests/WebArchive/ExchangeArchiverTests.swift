import Deflate
import Foundation
import Images
import Synchronization
import TestSupport
import XCTest

@testable import WebArchive

/// The archive's writer, told transfers directly as an engine would tell them: what it writes,
/// what `finish` and `discard` answer, and what it lets go of.
final class ExchangeArchiverTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_finish_answersOnceEveryTransferEndedBeforeItIsWritten() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        for number in 0..<40 { record(archiver, "https://example.org/item/\(number)", body: "item \(number)") }

        let finished = await archiver.finish()

        XCTAssertEqual(finished, .success(["feedsite-20261126T120000Z-00000.warc.gz"]))
        let records = try responses(in: folder)
        XCTAssertEqual(records.count, 40)
        XCTAssertEqual(Set(records.map(\.url)), Set((0..<40).map { "https://example.org/item/\($0)" }))
        XCTAssertTrue(records.allSatisfy { $0.text.hasSuffix("\r\n\r\nitem \($0.url.split(separator: "/").last ?? "")\r\n\r\n") }, "each body its own")
        XCTAssertFalse(archiver.isBehind)
        XCTAssertEqual(try spools(in: folder), [], "every body let go of")
    }

    func test_transfers_areWrittenInTheOrderTheyEnded() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        let count = 70
        for number in 0..<count { record(archiver, "https://example.org/item/\(number)", body: "item \(number)") }

        _ = await archiver.finish()

        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        let written = try index.map { line in
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            return (url: try XCTUnwrap(fields["url"]), offset: try XCTUnwrap(Int(fields["offset"] ?? "")))
        }
        XCTAssertEqual(written.sorted { $0.offset < $1.offset }.map(\.url), (0..<count).map { "https://example.org/item/\($0)" })
    }

    func test_finish_saysWhyWhenABodyCouldNotBeKeptAside_andKeepsTheFileUnfinished() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder, budget: 0)
        // A folder where the first transfer's body would be kept aside.
        try FileManager.default.createDirectory(atPath: folder + "/" + BodySpool.prefix + "1", withIntermediateDirectories: false)
        record(archiver, "https://example.org/big", body: "too big for memory")
        record(archiver, "https://example.org/next", body: "after the failure")

        guard case let .failure(stop) = await archiver.finish() else { return XCTFail("the archive stopped") }

        XCTAssertTrue(stop.description.hasPrefix("cannot keep the body of https://example.org/big aside for the web archive: "), stop.description)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted(),
            ["feedsite-20261126T120000Z-00000.warc.gz.open"], "left as it is, unfinished")
    }

    func test_discard_throwsTheFileAwayAndLetsGoOfEveryBody() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder, budget: 0)
        record(archiver, "https://example.org/a", body: "in a file")

        await archiver.discard()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func test_discardOrFinish_afterFinish_answerAtOnce_andLeaveTheFinishedFile() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        record(archiver, "https://example.org/a", body: "a")
        _ = await archiver.finish()

        await archiver.discard()
        let again = await archiver.finish()

        XCTAssertEqual(again, .success([]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            ["feedsite-20261126T120000Z-00000.cdxj", "feedsite-20261126T120000Z-00000.warc.gz"])
    }

    func test_transferEndedAfterFinish_keepsNothingAside() async throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder, budget: 0)
        _ = await archiver.finish()

        record(archiver, "https://example.org/late", body: "too late")

        XCTAssertEqual(try spools(in: folder), [])
        XCTAssertFalse(archiver.isBehind, "a transfer the writer never takes is not counted")
    }

    func test_transferDroppedBeforeItEnded_keepsNothingAside() throws {
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder, budget: 0)
        do {
            let recording = archiver.begin(URL(string: "https://example.org/dropped")!)
            recording.sent(requestHead: UnsafeRawBufferPointer(start: nil, count: 0))
            Array("half a body".utf8).withUnsafeBytes { recording.received(body: $0) }
            XCTAssertEqual(try spools(in: folder), [BodySpool.prefix + "1"])
        }

        XCTAssertEqual(try spools(in: folder), [])
    }

    // MARK: - Helpers

    /// One transfer of `url` answered 200 with `body`, told as the engine tells it.
    private func record(_ archiver: ExchangeArchiver, _ url: String, body: String) {
        let recording = archiver.begin(URL(string: url)!)
        let path = URL(string: url)!.path
        Array("GET \(path) HTTP/1.1\r\nHost: example.org\r\n\r\n".utf8).withUnsafeBytes { recording.sent(requestHead: $0) }
        for line in ["HTTP/1.1 200 OK", "Content-Type: text/plain", "Content-Length: \(body.utf8.count)", ""] { recording.received(headerLine: line) }
        Array(body.utf8).withUnsafeBytes { recording.received(body: $0) }
        recording.ended(address: "192.0.2.1", protocolName: "HTTP/1.1", cut: nil)
    }

    /// The response records of the run's finished file, by the URL they answer.
    private func responses(in folder: String) throws -> [(url: String, text: String)] {
        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz")))
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n")
        return try index.map { line in
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (Int(fields["offset"] ?? "") ?? -1, Int(fields["length"] ?? "") ?? -1)
            let text = String(decoding: try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 20, gzip: true), as: UTF8.self)
            return (try XCTUnwrap(fields["url"]), text)
        }
    }

    private func spools(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(BodySpool.prefix) }.sorted()
    }

    private func makeArchiver(in folder: String, budget: Int = 1 << 20) throws -> ExchangeArchiver {
        let newID = numberedUUIDs()
        let writer = try WARCWriter(folder: folder, runName: "20261126T120000Z", date: date, info: [.init("software", "feedsite test")], newID: newID)
        return ExchangeArchiver(writer: writer, captures: nil, clock: { [date] in date }, newID: newID, memoryBudget: budget)
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
