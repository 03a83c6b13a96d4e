import FeedCore
import FeedSiteCLI
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// `feedsite generate` against an API that misbehaves, in this process. Retries
/// run as they would, with a clock that never waits.
final class GenerateNetworkTests: XCTestCase {
    func test_generate_publishesLiveWhenEachKindOfBlipCostsOnlyARetry() async throws {
        let source = SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let blips = Mutex<Set<String>>([])
        let server = try makeServer(source) { request in
            let kind = request.path.hasSuffix("/feed") ? "feed" : request.path.hasSuffix("/comments") ? "comments" : "image"
            guard blips.withLock({ $0.insert(kind).inserted }) else { return nil }
            switch kind {
            case "feed": return HTTPResponse(status: 503)
            case "comments": return HTTPResponse(status: 200, body: Data(count: 100), delivery: .truncated(afterBytes: 10))
            default: return HTTPResponse(status: 429, headers: ["Retry-After": "1"])
            }
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(
            result.output.contains(
                "images 12 downloaded / 0 from cache / 0 failed, pictures 0 resized (0 made, 0 files) / 12 shown as they are, 12 comments, from the live feed"),
            result.output)
        XCTAssertTrue(result.diagnostics.contains("network: 27 requests, 3 tried again, 1 pause asked by the server (Retry-After)"), result.diagnostics)
    }

    func test_generate_withARateSaysHowLongThePaceHeldRequestsBack() async throws {
        let source = SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        // One request at a time: each after the first waits a quarter of a second.
        let result = await run.generate(api: server.apiRoot, ["--rate", "4", "--concurrency", "1"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("network: 8 requests, 0 tried again; --rate 4 held requests back 1.75 s"), result.diagnostics)
    }

    func test_generate_neverStoresOrPublishesAPageAnsweredInPlaceOfAnImage() async throws {
        let source = SyntheticFeed(itemCount: 3, commentsPerItem: 0, imageBytes: 64, now: fixedNow())
        let login = Data("<!DOCTYPE html><html><body>Please sign in to see this image</body></html>".utf8)
        let server = try makeServer(source) { request in
            request.path.hasPrefix("/images/") ? HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: login) : nil
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot)

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertTrue(
            result.diagnostics.contains("invalid data: not an image (text/html, \(login.count) bytes); the page shows a placeholder"), result.diagnostics)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.file("images").path), [])
        XCTAssertEqual(regularFiles(under: run.cache.appendingPathComponent("images")), [], "nothing of it is in the image cache")
    }

    func test_generate_failsAnImageLargerThanMaxImageBytesAndSaysWhichLimit() async throws {
        let source = SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 5_000, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--max-image-bytes", "4096"])

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("invalid data: answer larger than the 4,096 bytes limit (--max-image-bytes)"), result.diagnostics)
    }

    func test_generate_takesADeadCommentsHostAsDownAndSaysHowManyRequestsWereSpared() async throws {
        let source = SyntheticFeed(itemCount: 20, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let server = try makeServer(source) { request in
            // Cut short after a byte: libcurl itself retries a reused connection that dies
            // before answering, which would blur the count.
            request.path.hasSuffix("/comments") ? HTTPResponse(status: 200, body: Data(count: 100), delivery: .truncated(afterBytes: 1)) : nil
        }
        let run = try makeRunFolder()

        // One try each and one slot: the eighth failure is counted before the ninth request
        // could have its slot, so exactly 8 go out.
        let result = await run.generate(api: server.apiRoot, ["--concurrency", "1", "--retries", "0"])

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertEqual(server.requestCounts.comments, 8, "the other 12 were not sent")
        XCTAssertTrue(
            result.diagnostics.contains(
                "feedsite: warning: 127.0.0.1:\(server.port) failed 8 requests in a row and was taken as down; 12 more requests to it were not sent, and the caches stood in"
            ),
            result.diagnostics
        )
        XCTAssertTrue(result.output.contains("0 comments (20 lists unavailable)"), result.output)
    }

    func test_generate_asksForCommentsConditionallyOnTheNextRunAndCountsA304AsLive() async throws {
        let source = SyntheticFeed(itemCount: 4, commentsPerItem: 2, imageBytes: 64, now: fixedNow())
        let conditional = Mutex(0)
        let server = try makeServer(source) { request in
            if request.headers["if-none-match"] != nil { conditional.withLock { $0 += 1 } }
            return nil
        }
        let run = try makeRunFolder()
        let first = await run.generate(api: server.apiRoot)
        let bytesAfterFirst = server.requestCounts.bodyBytes

        let second = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z")

        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(second.code, .success, second.diagnostics)
        XCTAssertEqual(conditional.withLock { $0 }, 4)
        XCTAssertTrue(second.output.contains("8 comments, from the live feed"), second.output)
        let commentBytesSecondTime = server.requestCounts.bodyBytes - bytesAfterFirst
        XCTAssertLessThan(commentBytesSecondTime, 2_000, "only the feed pages came with a body: \(commentBytesSecondTime) bytes")
    }

    func test_generate_sendsOurUserAgent() async throws {
        let source = SyntheticFeed(itemCount: 1, commentsPerItem: 0, imageBytes: 64, now: fixedNow())
        let agents = Mutex<Set<String>>([])
        let server = try makeServer(source) { request in
            agents.withLock { _ = $0.insert(request.headers["user-agent"] ?? "none") }
            return nil
        }
        let run = try makeRunFolder()

        _ = await run.generate(api: server.apiRoot)

        XCTAssertEqual(agents.withLock { $0 }, ["feedsite/\(Usage.version)"])
    }

    func test_generate_sendsNoAuthorizationForAnImageURLWithCredentialsAndPublishesThemNowhere() async throws {
        let source = SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow())
        let imageRequests = Mutex<[HTTPRequest]>([])
        let server = try makeServer(source) { request in
            let host = request.headers["host"] ?? ""
            if request.path == "/v1/feed" {
                guard request.query["after_id"] == nil else { return .json(#"{"items": []}"#) }
                let items = [
                    (SyntheticFeed.id(ofItemAt: 0), "http://user:s3cret@\(host)/images/synthetic-1.png"),
                    (SyntheticFeed.id(ofItemAt: 1), "http://\(host)/to-signed-in"),
                ].map { #"{"id": "\#($0.uuidString)", "image": "\#($1)", "location": "Place"}"# }
                return .json(#"{"items": [\#(items.joined(separator: ", "))]}"#)
            }
            if request.path == "/to-signed-in" {
                return HTTPResponse(status: 302, headers: ["Location": "http://user:s3cret@\(host)/images/synthetic-2.png"])
            }
            if request.path.hasPrefix("/images/") { imageRequests.withLock { $0.append(request) } }
            return nil
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--verbose", "--export-data", "--base-url", "https://example.org/feed/"])

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertEqual(imageRequests.withLock { $0.map(\.target) }, ["/images/synthetic-1.png"], "the redirect to credentials was not followed")
        XCTAssertEqual(imageRequests.withLock { $0.compactMap { $0.headers["authorization"] } }, [])
        XCTAssertTrue(
            result.diagnostics.contains("feed: 1 image URL held credentials (user:password@); removed, so they are neither sent nor published"),
            result.diagnostics)
        XCTAssertTrue(
            result.diagnostics.contains("redirected to a URL with credentials (user:password@), which feedsite never sends"), result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("s3cret"), result.diagnostics)
        for (path, data) in try snapshotOfFiles(in: run.site) where !path.hasPrefix("images/") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("s3cret"), path)
        }
        let export = try read(run.file("data/items.jsonl"))
        XCTAssertTrue(export.contains(#""url": "http://127.0.0.1:\#(server.port)/images/synthetic-1.png""#), export)
    }

    func test_generate_refusesACAFileItCannotReadAsAUsageError() async throws {
        let run = try makeRunFolder()

        let result = await run.generate(api: URL(string: "https://127.0.0.1:9/v1")!, ["--ca-file", "missing.pem"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(result.diagnostics, "feedsite: error: --ca-file: cannot read the CA file \(run.root.path)/missing.pem")
    }

    func test_generate_refusesACAFileThatIsANamedPipeAtOnceWithoutWaitingForAWriter() async throws {
        let run = try makeRunFolder()
        XCTAssertEqual(mkfifo(run.root.appendingPathComponent("ca.pem").path, 0o644), 0)

        let result = await run.generate(api: URL(string: "https://127.0.0.1:9/v1")!, ["--ca-file", "ca.pem"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(
            result.diagnostics,
            "feedsite: error: --ca-file: cannot read the CA file \(run.root.path)/ca.pem: it is a named pipe (FIFO), not a regular file")
    }

    func test_generate_refusesACAFileWithoutACertificate() async throws {
        let run = try makeRunFolder()
        try Data("not a certificate".utf8).write(to: run.root.appendingPathComponent("ca.pem"))

        let result = await run.generate(api: URL(string: "https://127.0.0.1:9/v1")!, ["--ca-file", "ca.pem"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(result.diagnostics.contains("holds no PEM certificate"), result.diagnostics)
    }
}
