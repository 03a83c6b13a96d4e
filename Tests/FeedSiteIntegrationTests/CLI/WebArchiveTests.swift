import Deflate
import FeedSiteCLI
import FileSystem
import Foundation
import Hashing
import Images
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import WebArchive
import XCTest

/// `generate --warc DIR` against the sample API on 127.0.0.1: the archive holds every
/// exchange the server saw, as it was served; a second run's 304s are revisits.
final class WebArchiveTests: XCTestCase {
    private let source = SyntheticFeed(itemCount: 6, commentsPerItem: 2, imageBytes: 3_000, now: fixedNow())

    func test_generate_warc_holdsEveryExchangeTheServerSaw_theBodiesAsServed_eachRedirectHop_andA304AsARevisit() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let moved = source.item(at: 2).imagePath
        let seen = Mutex<[String]>([])
        let server = try SampleAPIServer(source: source) { request in
            seen.withLock { $0.append(request.target) }
            return request.target == moved ? HTTPResponse(status: 302, headers: ["Location": moved + "?hop=2"]) : nil
        }
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc"]

        let first = await runFeedsite(generate, in: folder)
        let firstSeen = seen.withLock { requests in
            defer { requests = [] }
            return requests
        }
        let second = await runFeedsite(generate, in: folder)

        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(second.code, .success, second.diagnostics)
        let warc = folder.appendingPathComponent("warc").path
        let run = "feedsite-20240520T112459Z-0000"
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: warc).sorted(),
            [
                ".feedsite-warc-captures.tsv", ".feedsite-warc-site.tsv", ".feedsite-warc.lock", "\(run)0.cdxj", "\(run)0.warc.gz", "\(run)1.cdxj",
                "\(run)1.warc.gz",
            ],
            "finished, nothing left aside")
        XCTAssertTrue(first.diagnostics.contains("web archive: \(run)0.warc.gz and its CDXJ index in \(RealPath.of(warc))\n"), first.diagnostics)

        let records = try WARCFileReader.records(of: "\(warc)/\(run)0.warc.gz")
        let origin = server.apiRoot.absoluteString.components(separatedBy: "/v1")[0]
        XCTAssertEqual(records.first?.type, "warcinfo")
        let requests = records.filter { $0.type == "request" }
        XCTAssertEqual(requests.map(\.target).sorted(), firstSeen.map { origin + $0 }.sorted(), "a request record for each request the server saw")
        for request in requests {
            let id = try XCTUnwrap(request.fields["WARC-Record-ID"])
            let answers = records.filter { $0.fields["WARC-Concurrent-To"] == id }
            XCTAssertEqual(answers.map(\.type), ["response"], "one answer to \(request.target)")
            XCTAssertEqual(answers.first?.target, request.target)
        }
        for index in 0..<source.itemCount {
            let path = source.item(at: index).imagePath
            let image = try XCTUnwrap(records.first { $0.type == "response" && $0.target.hasPrefix(origin + path) && $0.httpHead.hasPrefix("HTTP/1.1 200") })
            XCTAssertEqual(image.payload, source.image(at: path), "image \(index) as served")
            XCTAssertEqual(image.fields["WARC-Payload-Digest"], WARCRecord.digest(SHA1.hash(image.payload)))
        }
        let hop = try XCTUnwrap(records.first { $0.type == "response" && $0.target == origin + moved })
        XCTAssertTrue(hop.httpHead.hasPrefix("HTTP/1.1 302 Found\r\n"), hop.httpHead)
        XCTAssertTrue(hop.httpHead.contains("Location: \(moved)?hop=2\r\n"), hop.httpHead)

        let again = try WARCFileReader.records(of: "\(warc)/\(run)1.warc.gz")
        let revisits = again.filter { $0.type == "revisit" && $0.target.hasPrefix(origin) }
        XCTAssertEqual(revisits.count, source.itemCount, "each item's comments were not modified")
        XCTAssertTrue(revisits.allSatisfy { $0.fields["WARC-Profile"] == "http://netpreserve.org/warc/1.1/revisit/server-not-modified" })
        XCTAssertTrue(revisits.allSatisfy { $0.block.isEmpty }, "no HTTP head: a replay shows the answer confirmed")
        for revisit in revisits {
            let answer = again.first { $0.type == "metadata" && $0.fields["WARC-Refers-To"] == revisit.fields["WARC-Record-ID"] }
            XCTAssertEqual(answer.map { $0.httpHead.hasPrefix("HTTP/1.1 304 Not Modified\r\n") }, true, "the 304 as the server sent it")
            let original = records.first { $0.fields["WARC-Record-ID"] == revisit.fields["WARC-Refers-To"] }
            XCTAssertEqual(original?.target, revisit.target, "the first run's capture of the comments it confirms")
            XCTAssertEqual(original?.fields["WARC-Payload-Digest"], revisit.fields["WARC-Payload-Digest"])
        }
        try assertIndexPointsAtItsRecords("\(warc)/\(run)1")
    }

    func test_generate_wacz_packsTheRunsWARC_itsIndex_thePages_andEachFilesSizeAndDigest_storedInAZip() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 25, commentsPerItem: 1, imageBytes: 2_000, now: fixedNow()))
        defer { server.stop() }

        let result = await runFeedsite(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc", "--wacz", "feed.wacz"], in: folder)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let path = RealPath.of(folder.appendingPathComponent("feed.wacz").path)
        XCTAssertTrue(result.diagnostics.contains("WACZ: \(path)\n"), result.diagnostics)
        let run = "feedsite-20240520T112459Z-00000"
        let wacz = try WACZReader(path: path)
        XCTAssertEqual(
            wacz.names,
            ["archive/\(run).warc.gz", "indexes/index.cdx.gz", "indexes/index.idx", "pages/pages.jsonl", "datapackage.json", "datapackage-digest.json"])
        let warc = try Data(contentsOf: folder.appendingPathComponent("warc/\(run).warc.gz"))
        XCTAssertEqual(wacz.entries["archive/\(run).warc.gz"].map { Data($0) }, warc)
        let index = try String(contentsOf: folder.appendingPathComponent("warc/\(run).cdxj"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(try wacz.indexLines(), index, "one file's index is the index")
        let (header, pages) = try wacz.pages()
        XCTAssertEqual(header["hasText"] as? Bool, true)
        let feedURLs = try WARCFileReader.records(of: folder.appendingPathComponent("warc/\(run).warc.gz").path)
            .filter { $0.type == "response" && $0.target.hasPrefix(server.apiRoot.absoluteString + "/feed") }.map(\.target)
        XCTAssertGreaterThanOrEqual(feedURLs.count, 3, "25 items, 10 a page")
        let feedPages = pages.filter { ($0["title"] as? String)?.hasPrefix("Feed, page") == true }
        XCTAssertEqual(feedPages.compactMap { $0["url"] as? String }, feedURLs, "in feed order")
        XCTAssertEqual(feedPages.first?["ts"] as? String, "2024-05-20T11:24:59Z")
        let sitePages = pages.filter { ($0["url"] as? String)?.hasPrefix("file://") == true }
        XCTAssertGreaterThan(sitePages.count, 25, "the feed's pages and each photo's, at the output's file: URL: \(pages.prefix(3))")
        XCTAssertTrue(sitePages.allSatisfy { ($0["text"] as? String)?.isEmpty == false })
        let package = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(wacz.entries["datapackage.json"]!)) as? [String: Any])
        XCTAssertEqual(package["wacz_version"] as? String, "1.1.1")
        let resources = try XCTUnwrap(package["resources"] as? [[String: Any]])
        XCTAssertEqual(resources.map { $0["path"] as? String }, wacz.names.prefix(4).map { $0 })
        for resource in resources {
            let name = try XCTUnwrap(resource["path"] as? String)
            XCTAssertEqual(resource["hash"] as? String, "sha256:" + SHA256.hexDigest(wacz.entries[name]!), name)
            XCTAssertEqual(resource["bytes"] as? Int, wacz.entries[name]!.count, name)
        }
        let digest = String(decoding: wacz.entries["datapackage-digest.json"]!, as: UTF8.self)
        XCTAssertTrue(digest.contains("\"sha256:\(SHA256.hexDigest(wacz.entries["datapackage.json"]!))\""))
    }

    func test_generate_warc_insideTheOutputOrTheCache_orWithOffline_isAUsageErrorThatTouchesNothing() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let base = ["generate", "--api", "http://127.0.0.1:9/v1", "--output", "site", "--cache", "cache"]

        let inOutput = await runFeedsite(base + ["--warc", "site/warc"], in: folder)
        let inCache = await runFeedsite(base + ["--warc", "cache"], in: folder)
        let offline = await runFeedsite(base + ["--warc", "warc", "--offline"], in: folder)
        let waczAlone = await runFeedsite(base + ["--wacz", "feed.wacz"], in: folder)

        XCTAssertEqual([inOutput.code, inCache.code, offline.code, waczAlone.code], [.usage, .usage, .usage, .usage])
        XCTAssertTrue(waczAlone.diagnostics.hasPrefix("feedsite: --wacz packs the run's web archive: it needs --warc DIR as well\n"))
        let site = RealPath.of(folder.appendingPathComponent("site").path)
        XCTAssertTrue(inOutput.diagnostics.contains("--warc site/warc is inside the output folder \(site), which every run replaces"), inOutput.diagnostics)
        XCTAssertTrue(inCache.diagnostics.contains("--warc cache is inside the cache folder"), inCache.diagnostics)
        XCTAssertTrue(offline.diagnostics.hasPrefix("feedsite: --warc keeps what the network answered, and --offline does not use the network"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// An earlier run's archive, its index, the folder's captures and lock: none may be
    /// replaced by a file another flag names, nor may a new file be put among them.
    func test_generate_waczArchiveOrMetricsFileInsideTheWarcFolder_isAUsageErrorThatLeavesTheEarlierArchiveByteForByte() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: source)
        defer { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc"]
        let first = await runFeedsite(generate, in: folder)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let warc = folder.appendingPathComponent("warc")
        let before = try folderBytes(warc)
        let archive = try XCTUnwrap(before.keys.first { $0.hasSuffix(".warc.gz") }, "\(before.keys)")
        let run = String(archive.dropLast(".warc.gz".count))

        for (flag, name) in [
            ("--wacz", "\(run).warc.gz"), ("--wacz", "\(run).cdxj"), ("--wacz", ".feedsite-warc.lock"), ("--wacz", "new.wacz"),
            ("--archive", "\(run).warc.gz"), ("--metrics-file", "\(run).cdxj"),
        ] {
            let result = await runFeedsite(generate + [flag, "warc/" + name], in: folder)

            XCTAssertEqual(result.code, .usage, "\(flag) \(name): \(result.diagnostics)")
            XCTAssertTrue(
                result.diagnostics.contains("\(flag) \(RealPath.of(warc.path))/\(name) is inside the --warc folder \(RealPath.of(warc.path)), "),
                result.diagnostics)
            XCTAssertEqual(try folderBytes(warc), before, "\(flag) \(name)")
        }
    }

    func test_generate_warcNamingASymbolicLinkThatLeadsNowhere_isAUsageErrorSayingSo() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("warc").path, withDestinationPath: "gone/warc")

        let result = await runFeedsite(["generate", "--api", "http://127.0.0.1:9/v1", "--output", "site", "--cache", "cache", "--warc", "warc"], in: folder)

        XCTAssertEqual(result.code, .usage, result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("--warc warc is a symbolic link that leads to no file; name a folder"), result.diagnostics)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["warc"])
    }

    func test_generate_warcFolderThatCannotBeWritten_stopsTheRunBeforeAnyRequest_inOneLine() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let lock = folder.appendingPathComponent("warc/.feedsite-warc.lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        let requests = Mutex(0)
        let server = try SampleAPIServer(source: source) { _ in
            requests.withLock { $0 += 1 }
            return nil
        }
        defer { server.stop() }

        let result = await runFeedsite(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--warc", "warc"], in: folder)

        XCTAssertEqual(result.code, .failure)
        let errors = result.diagnostics.split(separator: "\n").filter { $0.hasPrefix("feedsite: error:") }
        XCTAssertEqual(errors.count, 1, result.diagnostics)
        XCTAssertTrue(errors[0].hasPrefix("feedsite: error: --warc \(RealPath.of(folder.path))/warc: cannot write the web archive there: "), result.diagnostics)
        XCTAssertEqual(requests.withLock { $0 }, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    /// Every file directly in `folder`, by name, with its bytes.
    private func folderBytes(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// Each line of the index `<name>.cdxj` leads to a gzip member of `<name>.warc.gz` that
    /// holds the record of its URL.
    private func assertIndexPointsAtItsRecords(_ name: String) throws {
        let warc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: name + ".warc.gz")))
        let lines = try String(contentsOfFile: name + ".cdxj", encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != "{" }.utf8)) as? [String: String])
            let (offset, length) = (Int(fields["offset"] ?? "") ?? -1, Int(fields["length"] ?? "") ?? -1)
            let record = String(decoding: try Zlib.inflate(Array(warc[offset..<(offset + length)]), maxOutput: 1 << 24, gzip: true), as: UTF8.self)
            XCTAssertTrue(record.contains("\r\nWARC-Target-URI: \(fields["url"] ?? "")\r\n"), String(line))
        }
    }
}
