import Basics
import FeedCore
import Foundation
import Hashing
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// `feedsite generate --export-data` through the built executable: `data/items.jsonl` read
/// back line by line against what the sample API served.
final class DataExportTests: XCTestCase {
    private let source = DemoFeed(now: fixedNow())
    /// Its comments always fail (no cache either): unavailable.
    private let noComments = 4
    /// Its comments fail from the second run on: from the cache the first run saved.
    private let cachedComments = 7
    /// Its image always fails.
    private let noImage = 10
    private let firstRun = "2024-05-20T11:24:59Z"
    private let secondRun = "2024-05-21T11:24:59Z"

    func test_generate_exportData_writesEveryItemInFeedOrderAsTheAPIGaveIt_withItsImageAndWhereItsCommentsCameFrom() throws {
        let folder = try makeTemporaryFolder(for: self)
        let commentsFail = Mutex<Set<UUID>>([DemoFeed.itemID(noComments)])
        let failingImage = source.item(at: noImage).imagePath
        let server = try SampleAPIServer(source: source) { request in
            if request.path == failingImage { return .notFound }
            let failing = commentsFail.withLock { $0 }
            if failing.contains(where: { request.path == "/v1/image/\($0.uuidString)/comments" }) { return HTTPResponse(status: 503) }
            return nil
        }
        defer { server.stop() }
        let generate = [
            "generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--retries", "0", "--export-data",
        ]

        let first = try ExecutableRunner.run(generate + ["--now", firstRun], in: folder)
        commentsFail.withLock { _ = $0.insert(DemoFeed.itemID(cachedComments)) }
        let second = try ExecutableRunner.run(generate + ["--now", secondRun, "--archive", "site.tar"], in: folder)

        XCTAssertEqual(first.status, 3, first.standardError)
        XCTAssertEqual(second.status, 3, second.standardError)
        XCTAssertTrue(second.standardError.contains("data: 36 items written to data/items.jsonl\n"), second.standardError)
        let site = folder.appendingPathComponent("site")
        let text = try String(contentsOf: site.appendingPathComponent("data/items.jsonl"), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("}\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, source.itemCount)
        var ids: [String] = []
        var sources: [String] = []
        for (index, line) in lines.enumerated() {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "line \(index + 1)")
            ids.append(try XCTUnwrap(json["id"] as? String))
            try assertItem(json, index: index, site: site, server: server)
            let comments = try XCTUnwrap(json["comments"] as? [String: Any])
            sources.append(try XCTUnwrap(comments["source"] as? String))
            try assertComments(comments, index: index)
        }
        XCTAssertEqual(ids, (0..<source.itemCount).map { DemoFeed.itemID($0).uuidString }, "feed order")
        XCTAssertEqual(sources[noComments], "unavailable")
        XCTAssertEqual(sources[cachedComments], "cache")
        XCTAssertEqual(sources.filter { $0 == "live" }.count, source.itemCount - 2)

        let manifest = try String(contentsOf: site.appendingPathComponent("manifest.json"), encoding: .utf8)
        let digest = SHA256.hexDigest(Data(text.utf8))
        XCTAssertTrue(manifest.contains(#"{"path": "data/items.jsonl", "size": \#(text.utf8.count), "sha256": "\#(digest)"}"#), manifest)
        XCTAssertEqual(try extract("data/items.jsonl", from: folder.appendingPathComponent("site.tar")), Data(text.utf8))
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: folder)
        XCTAssertEqual(verify.status, 0, verify.standardError)
    }

    func test_generate_exportData_sameDataAndClockGiveTheSameBytesAndWithoutTheFlagNoDataFolder() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 40, commentsPerItem: 3, imageBytes: 200, now: fixedNow()))
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--now", firstRun]
        let export = folder.appendingPathComponent("site/data/items.jsonl")

        let first = try ExecutableRunner.run(generate + ["--export-data"], in: folder)
        let firstBytes = try Data(contentsOf: export)
        let firstTime = try modificationDate(export)
        let again = try ExecutableRunner.run(generate + ["--export-data", "--verbose"], in: folder)
        let againBytes = try Data(contentsOf: export)
        let againTime = try modificationDate(export)
        let without = try ExecutableRunner.run(generate, in: folder)

        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertEqual(againBytes, firstBytes, "byte-identical")
        XCTAssertEqual(againTime, firstTime, "an unchanged export keeps its modification time")
        XCTAssertEqual(without.status, 0, without.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/data").path), "no data/ folder without the flag")
        XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent("site/manifest.json"), encoding: .utf8).contains("data/"))
        XCTAssertFalse(without.standardError.contains("data:"), without.standardError)
    }

    // MARK: - Helpers

    private func assertItem(_ json: [String: Any], index: Int, site: URL, server: SampleAPIServer) throws {
        let item = source.item(at: index)
        let context = "line \(index + 1)"
        XCTAssertEqual(json["description"] as? String, item.description, context)
        XCTAssertEqual(json["description"] is NSNull, item.description == nil, context)
        XCTAssertEqual(json["location"] as? String, item.location, context)
        XCTAssertEqual(json["location"] is NSNull, item.location == nil, context)
        XCTAssertEqual(json["first_seen"] as? String, firstRun, "\(context): first seen by the first run, kept by the second")
        let image = try XCTUnwrap(json["image"] as? [String: Any], context)
        XCTAssertEqual(image["url"] as? String, "http://127.0.0.1:\(server.port)\(item.imagePath)", context)
        guard index != noImage else {
            XCTAssertEqual(image["status"] as? String, "failed", context)
            for key in ["path", "sha256", "media_type", "bytes", "width", "height"] {
                XCTAssertTrue(image[key] is NSNull, "\(context): \(key)")
            }
            return
        }
        let bytes = try XCTUnwrap(source.image(at: item.imagePath))
        let sha256 = SHA256.hexDigest(bytes)
        XCTAssertEqual(image["status"] as? String, "published", context)
        XCTAssertEqual(image["sha256"] as? String, sha256, context)
        XCTAssertEqual(image["bytes"] as? Int, bytes.count, context)
        XCTAssertEqual(image["media_type"] as? String, "image/png", context)
        XCTAssertEqual(image["width"] as? Int, 360, context)
        XCTAssertEqual(image["height"] as? Int, 360, context)
        let path = try XCTUnwrap(image["path"] as? String, context)
        XCTAssertEqual(path, "images/\(sha256).png", context)
        XCTAssertEqual(SHA256.hexDigest(try Data(contentsOf: site.appendingPathComponent(path))), sha256, "\(context): the file in the site")
    }

    private func assertComments(_ comments: [String: Any], index: Int) throws {
        let context = "line \(index + 1)"
        guard index != noComments else {
            XCTAssertTrue(comments["items"] is NSNull, context)
            XCTAssertTrue(comments["saved_at"] is NSNull, context)
            return
        }
        if index == cachedComments {
            XCTAssertEqual(comments["saved_at"] as? String, firstRun, context)
        } else {
            XCTAssertTrue(comments["saved_at"] is NSNull, context)
        }
        let items = try XCTUnwrap(comments["items"] as? [[String: Any]], context)
        let expected = source.comments(forItemAt: index)
        XCTAssertEqual(items.count, expected.count, context)
        for (got, comment) in zip(items, expected) {
            XCTAssertEqual(got["id"] as? String, comment.id.uuidString, context)
            XCTAssertEqual(got["message"] as? String, comment.message, context)
            XCTAssertEqual(got["created_at"] as? String, ISO8601Date.format(comment.createdAt), context)
            XCTAssertEqual((got["author"] as? [String: Any])?["username"] as? String, comment.username, context)
            XCTAssertEqual(got.count, 4, "\(context): the API's four fields and nothing else")
        }
    }

    private func modificationDate(_ url: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    /// One file of a tar archive, as GNU tar reads it.
    private func extract(_ path: String, from archive: URL) throws -> Data {
        try GNUTar.output(["-xOf", archive.path, path], in: archive.deletingLastPathComponent())
    }
}
