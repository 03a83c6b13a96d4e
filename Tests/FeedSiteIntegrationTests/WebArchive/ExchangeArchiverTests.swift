import Deflate
import FeedCore
import Hashing
import Foundation
import HTTP
import Images
import LoopbackHTTP
import Synchronization
import TestSupport
import WebArchive
import XCTest

@testable import FeedSiteCLI

/// The engine's exchanges written as WARC records, through the real engine (as the command
/// line's `WebArchiveRecorder` tells them) and a loopback server: every request the server
/// saw has its records, and a body is what was served.
final class ExchangeArchiverTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_archive_holdsEachHopsRequestAndAnswer_theBodyAsServed_andA304AsARevisit() async throws {
        let picture = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let server = try makeServer { request in
            switch request.path {
            case "/start": HTTPResponse(status: 301, headers: ["Location": "/picture"])
            case "/picture": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: picture)
            case "/same": HTTPResponse(status: 304, headers: ["ETag": "\"v1\""])
            default: HTTPResponse(status: 404, body: Data("not here".utf8))
            }
        }
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        let client = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: WebArchiveRecorder(archiver: archiver)), policy: RetryPolicy(retries: 0),
            clock: InstantRetryClock().clock)

        let (data, _) = try await fetch(server.baseURL.appendingPathComponent("start"), with: client)
        _ = try await fetch(server.baseURL.appendingPathComponent("same"), with: client, headers: ["If-None-Match: \"v1\""])
        _ = try await fetch(server.baseURL.appendingPathComponent("missing"), with: client)
        let finished = await archiver.finish()
        XCTAssertEqual(finished, .success(["feedsite-20261126T120000Z-00000.warc.gz"]))

        XCTAssertEqual(data, picture)
        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/feedsite-20261126T120000Z-00000.warc.gz")))
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T120000Z-00000.cdxj", encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(index.count, 4, "the 301, the picture, the 304 and the 404: \(index)")
        let bytes = try index.map { line -> [UInt8] in
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (Int(fields["offset"] ?? "") ?? -1, Int(fields["length"] ?? "") ?? -1)
            return try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 24, gzip: true)
        }
        let records = bytes.map { String(decoding: $0, as: UTF8.self) }
        let pictureAt = try XCTUnwrap(records.firstIndex { $0.contains("WARC-Target-URI: \(server.baseURL.absoluteString)/picture\r\n") })
        let pictureRecord = records[pictureAt]
        XCTAssertTrue(pictureRecord.hasPrefix("WARC/1.1\r\nWARC-Type: response\r\n"), pictureRecord)
        XCTAssertTrue(pictureRecord.contains("WARC-IP-Address: 127.0.0.1\r\n"), pictureRecord)
        XCTAssertTrue(pictureRecord.contains("WARC-Payload-Digest: " + WARCRecord.digest(SHA1.hash(picture)) + "\r\n"), pictureRecord)
        XCTAssertTrue(pictureRecord.contains("Content-Type: image/png\r\nContent-Length: 300000\r\n"), pictureRecord.prefix(600).description)
        XCTAssertEqual(Array(bytes[pictureAt].suffix(300_004)), [UInt8](picture) + Array("\r\n\r\n".utf8), "the body as served")
        let redirect = try XCTUnwrap(records.first { $0.contains("/start\r\n") })
        XCTAssertTrue(redirect.contains("\r\n\r\nHTTP/1.1 301 Moved Permanently\r\nLocation: /picture\r\n"), redirect)
        let revisit = try XCTUnwrap(records.first { $0.contains("/same\r\n") })
        XCTAssertTrue(revisit.hasPrefix("WARC/1.1\r\nWARC-Type: revisit\r\n"), revisit)
        XCTAssertTrue(revisit.contains("WARC-Profile: http://netpreserve.org/warc/1.1/revisit/server-not-modified\r\n"), revisit)
        XCTAssertTrue(revisit.hasSuffix("Content-Length: 0\r\n\r\n\r\n\r\n"), "no HTTP head, so a replay takes the confirmed answer's: \(revisit)")
        XCTAssertFalse(revisit.contains("Content-Type:"), revisit)

        XCTAssertTrue(try XCTUnwrap(records.first { $0.contains("/missing\r\n") }).hasSuffix("\r\n\r\nnot here\r\n\r\n"))
        XCTAssertTrue(index.contains { $0.contains(#""mime": "image/png", "status": "200""#) }, "\(index)")
        let revisitLine = try XCTUnwrap(index.first { $0.contains(#""mime": "warc/revisit""#) }, "\(index)")
        XCTAssertFalse(revisitLine.contains("status"), "a 304 there replays as an answer without a body: \(revisitLine)")
        // Request records are not indexed: count them in the whole file, where Python's gzip
        // reads every member.
        let whole = try warcText(folder + "/feedsite-20261126T120000Z-00000.warc.gz")
        XCTAssertEqual(whole.components(separatedBy: "WARC-Type: request\r\n").count - 1, 4, "one a request the server saw")
        XCTAssertTrue(whole.contains("\r\n\r\nGET /same HTTP/1.1\r\n"), "the request as sent")
        let revisitID = try XCTUnwrap(revisit.split(separator: "\r\n").first { $0.hasPrefix("WARC-Record-ID: ") }?.dropFirst("WARC-Record-ID: ".count))
        let answer = try XCTUnwrap(whole.components(separatedBy: "WARC/1.1\r\n").first { $0.hasPrefix("WARC-Type: metadata\r\n") }, "the 304 as sent")
        XCTAssertTrue(answer.contains("WARC-Refers-To: \(revisitID)\r\n"), answer)
        XCTAssertFalse(answer.contains("WARC-Target-URI"), "no capture of the URL for an indexer to list: \(answer)")
        XCTAssertTrue(answer.contains("\r\n\r\nHTTP/1.1 304 Not Modified\r\n"), answer)
        XCTAssertTrue(answer.contains("ETag: \"v1\"\r\n"), answer)
        XCTAssertTrue(whole.contains("If-None-Match: \"v1\"\r\n"), "its headers as sent")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no spool left")
    }

    func test_archive_marksAnAnswerCutShortAsTruncated_holdingWhatCame() async throws {
        let body = Data(repeating: UInt8(ascii: "a"), count: 50_000)
        let server = try makeServer { _ in HTTPResponse(status: 200, body: body, delivery: .truncated(afterBytes: 1_000)) }
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        let client = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: WebArchiveRecorder(archiver: archiver)), policy: RetryPolicy(retries: 0),
            clock: InstantRetryClock().clock)

        _ = try? await fetch(server.baseURL, with: client)
        _ = await archiver.finish()

        let whole = try warcText(folder + "/feedsite-20261126T120000Z-00000.warc.gz")
        XCTAssertTrue(whole.contains("WARC-Truncated: disconnect\r\n"), whole)
        XCTAssertTrue(whole.contains("\r\nContent-Length: 1000\r\n"), "the length of what came: \(whole)")
        XCTAssertTrue(whole.hasSuffix("\r\n\r\n" + String(repeating: "a", count: 1_000) + "\r\n\r\n"), "what came")
    }

    func test_archive_stopsWithAFailure_whenABodyCannotBeKeptAside() async throws {
        // Larger than the bodies the archive holds in memory: it goes to a file.
        let body = Data(repeating: UInt8(ascii: "b"), count: 9 << 20)
        let server = try makeServer { _ in HTTPResponse(status: 200, body: body) }
        let folder = try makeFolder()
        let archiver = try makeArchiver(in: folder)
        // A folder where the transfer's spool file would be made.
        try FileManager.default.createDirectory(atPath: folder + "/" + BodySpool.prefix + "1", withIntermediateDirectories: false)
        let client = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: WebArchiveRecorder(archiver: archiver)), policy: RetryPolicy(retries: 0),
            clock: InstantRetryClock().clock)

        let (data, _) = try await fetch(server.baseURL, with: client, limit: 16 << 20)

        XCTAssertEqual(data, body, "the run goes on")
        guard case let .failure(stop) = await archiver.finish() else { return XCTFail("the archive stopped") }
        let failure = stop.description
        XCTAssertTrue(failure.hasPrefix("cannot keep the body of \(server.baseURL.absoluteString) aside for the web archive: "), failure)
    }

    func test_revisit_namesThePayloadAndTheRecordItConfirms_capturedByAnEarlierRun() async throws {
        let comments = Data(#"{"items": []}"#.utf8)
        let server = try makeServer { request in
            request.headers["if-none-match"] == "\"v1\""
                ? HTTPResponse(status: 304, headers: ["ETag": "\"v1\""]) : HTTPResponse(status: 200, headers: ["ETag": "\"v1\""], body: comments)
        }
        let folder = try makeFolder()
        let url = server.baseURL.appendingPathComponent("comments")
        let first = try makeArchiver(in: folder)
        let firstClient = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: WebArchiveRecorder(archiver: first)), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock)
        _ = try await fetch(url, with: firstClient)
        _ = await first.finish()
        let second = try makeArchiver(in: folder, run: "20261126T130000Z")
        let secondClient = CurlHTTPClient(
            engine: try makeEngine(for: self, recorder: WebArchiveRecorder(archiver: second)), policy: RetryPolicy(retries: 0), clock: InstantRetryClock().clock
        )

        _ = try await fetch(url, with: secondClient, headers: ["If-None-Match: \"v1\""])
        _ = await second.finish()

        let original = try XCTUnwrap(try WARCFileReader.records(of: folder + "/feedsite-20261126T120000Z-00000.warc.gz").first { $0.type == "response" })
        let revisit = try XCTUnwrap(try WARCFileReader.records(of: folder + "/feedsite-20261126T130000Z-00000.warc.gz").first { $0.type == "revisit" })
        XCTAssertEqual(revisit.fields["WARC-Payload-Digest"], WARCRecord.digest(SHA1.hash(comments)))
        XCTAssertEqual(revisit.fields["WARC-Refers-To"], original.fields["WARC-Record-ID"])
        XCTAssertEqual(revisit.fields["WARC-Refers-To-Date"], original.fields["WARC-Date"])
        XCTAssertEqual(revisit.fields["WARC-Refers-To-Target-URI"], url.absoluteString)
        let index = try String(contentsOfFile: folder + "/feedsite-20261126T130000Z-00000.cdxj", encoding: .utf8)
        XCTAssertTrue(index.contains(#""digest": "\#(WARCRecord.digest(SHA1.hash(comments)))""#), "replay tools find the payload by its digest: \(index)")
    }

    // MARK: - Helpers

    private func warcText(_ path: String) throws -> String {
        String(decoding: try WARCFileReader.text(of: path), as: UTF8.self)
    }

    private func makeArchiver(in folder: String, run: String = "20261126T120000Z") throws -> ExchangeArchiver {
        let newID = numberedUUIDs()
        let writer = try WARCWriter(folder: folder, runName: run, date: date, info: [.init("software", "feedsite test")], newID: newID)
        return ExchangeArchiver(writer: writer, captures: try ValidatedCaptures(folder: folder), clock: { [date] in date }, newID: newID)
    }

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archiver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
