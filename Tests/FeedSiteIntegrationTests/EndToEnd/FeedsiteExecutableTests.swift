import BuiltInTemplates
import FeedSiteCLI
import Foundation
import SampleAPI
import TestSupport
import XCTest

/// The built executable, end to end: what a user at a terminal, cron or CI sees.
final class FeedsiteExecutableTests: XCTestCase {
    func test_demo_publishesTheSampleFeedAndSaysWhereTheSiteIs() throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(["demo", "--output", "Output", "--cache", "cache"], in: folder)

        XCTAssertEqual(result.status, 0, result.standardError)
        let index = folder.appendingPathComponent("Output/index.html")
        XCTAssertTrue(result.standardOutput.contains("Open \(index.absoluteString) in a browser."), result.standardOutput)
        XCTAssertTrue(FileManager.default.fileExists(atPath: index.path))
        let comments = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Output/comments").path)
        XCTAssertEqual(comments.count, DemoFeed(now: Date()).itemCount)
        XCTAssertTrue(result.standardError.contains("demo: sample API serving 36 items at http://127.0.0.1:"), result.standardError)
    }

    func test_generate_publishesLiveThenFromTheCacheThenRefusesAnExpiredCache() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 12, commentsPerItem: 2, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }
        // No retries: the switched-off API would otherwise cost real back-off time.
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--retries", "0"]

        let live = try ExecutableRunner.run(generate + ["--now", "2024-05-20T11:24:59Z"], in: folder)
        XCTAssertEqual(live.status, 0, live.standardError)
        XCTAssertTrue(
            live.standardOutput.hasPrefix(
                "12 items, 14 pages (2 feed, 12 comments), images 12 downloaded / 0 from cache / 0 failed, "
                    + "pictures 0 resized (0 made, 0 files) / 12 shown as they are, 24 comments, from the live feed"),
            live.standardOutput)
        server.stop()

        let cached = try ExecutableRunner.run(generate + ["--now", "2024-05-26T11:24:59Z"], in: folder)
        XCTAssertEqual(cached.status, 3, cached.standardError)
        XCTAssertTrue(cached.standardOutput.contains("from the cached feed saved 6 days ago"), cached.standardOutput)
        let published = try snapshotOfFiles(in: folder.appendingPathComponent("site"))

        let expired = try ExecutableRunner.run(generate + ["--now", "2024-05-27T11:24:59Z"], in: folder)
        XCTAssertEqual(expired.status, 1)
        XCTAssertEqual(expired.standardOutput, "")
        XCTAssertTrue(expired.standardError.hasPrefix("feedsite: error: Couldn't connect to server\n"), expired.standardError)
        XCTAssertEqual(try snapshotOfFiles(in: folder.appendingPathComponent("site")), published, "the published site is untouched")
    }

    func test_generate_writesTheControlCharactersOfAQuotedAPITextOutInsteadOfSendingThemToTheTerminal() throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = #"{"items": [{"id": "\u001b]0;owned\u0007\u001b[2J\u001b[31mred", "image": "http://127.0.0.1:9/1.png"}]}"#
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 1, now: fixedNow())) { request in
            request.path.hasSuffix("/feed") ? .json(feed) : nil
        }
        defer { server.stop() }

        let result = try ExecutableRunner.run(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--retries", "0"], in: folder)

        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains(#"item 1: id "\x1b]0;owned\x07\x1b[2J\x1b[31mred" is not a UUID"#), result.standardError)
        XCTAssertFalse(result.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, result.standardError)
    }

    func test_badFlag_printsWhatIsWrongAndWhereToReadTheUsageAndExits2() throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(["generate", "--page-size", "many"], in: folder)

        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.standardError,
            "feedsite: --page-size needs a whole number from 1 to 10000, got 'many'\nrun 'feedsite generate --help' for its options\n")
        XCTAssertEqual(result.standardOutput, "")
    }

    func test_unknownCommand_exits2() throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(["publish"], in: folder)

        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "feedsite: unknown command 'publish'\nrun 'feedsite --help' for the commands\n")
    }

    func test_helpAndVersion_exit0() throws {
        let folder = try makeTemporaryFolder(for: self)

        let help = try ExecutableRunner.run(["--help"], in: folder)
        let version = try ExecutableRunner.run(["--version"], in: folder)

        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("feedsite generate [options]"))
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.standardOutput.hasPrefix("feedsite "))
    }

    func test_generate_fromAnEmptyFolderWithNoTemplatesAnywherePublishesWithTheBuiltInTemplates() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }

        let result = try ExecutableRunner.run(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--quiet"], in: folder)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput + result.standardError, "", "--quiet prints nothing on success")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("site/assets/style.css")), BuiltInTemplates().read("style.css"))
        XCTAssertTrue(try read(folder.appendingPathComponent("site/index.html")).contains("<h1>My Feed</h1>"))
    }

    func test_templates_writesTheBuiltInTemplatesOutAndRefusesAFolderThatHoldsAnything() throws {
        let folder = try makeTemporaryFolder(for: self)

        let written = try ExecutableRunner.run(["templates", "theme"], in: folder)
        try Data("/* my colours */".utf8).write(to: folder.appendingPathComponent("theme/style.css"))
        let again = try ExecutableRunner.run(["templates", "theme"], in: folder)

        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertEqual(written.standardError, "")
        XCTAssertTrue(written.standardOutput.hasSuffix("Edit them, then publish with them: feedsite generate --templates \(folder.path)/theme\n"))
        XCTAssertEqual(regularFiles(under: folder.appendingPathComponent("theme")), BuiltInTemplates.files.map(\.name))
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("theme/layout.html")), BuiltInTemplates().read("layout.html"))
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(
            again.standardError,
            "feedsite: error: \(folder.path)/theme already holds 12 entries, such as comments.html; "
                + "feedsite templates writes only into a new or empty folder, so that nothing of yours is replaced\n")
        XCTAssertEqual(again.standardOutput, "")
        XCTAssertEqual(try read(folder.appendingPathComponent("theme/style.css")), "/* my colours */")
    }

    func test_generate_withAMissingTemplatesFolderFailsInOneLineNamingTheOption() throws {
        let folder = try makeTemporaryFolder(for: self)

        let result = try ExecutableRunner.run(["generate", "--templates", "nowhere", "--offline", "--cache", "cache"], in: folder)

        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("--templates"), result.standardError)
    }

    func test_generate_intoAnOutputThatIsAFileRefusesInOneLineAndKeepsTheFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("site"))

        let result = try ExecutableRunner.run(["generate", "--output", "site", "--offline", "--cache", "cache"], in: folder)

        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("exists and is not a folder"), result.standardError)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("site"), encoding: .utf8), "not a folder")
    }

    func test_generate_metricsFileTimesTheRunByTheWallClockNotByNow() throws {
        let folder = try makeTemporaryFolder(for: self)
        let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        defer { server.stop() }
        let before = Date().timeIntervalSince1970

        let result = try ExecutableRunner.run(
            ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--now", "2024-05-20T11:24:59Z"]
                + ["--metrics-file", "feedsite.prom"], in: folder)

        let after = Date().timeIntervalSince1970
        XCTAssertEqual(result.status, 0, result.standardError)
        let samples = try PrometheusTextParser.samples(in: String(contentsOf: folder.appendingPathComponent("feedsite.prom"), encoding: .utf8))
        let ended = try XCTUnwrap(samples["feedsite_last_run_timestamp_seconds"])
        XCTAssertTrue((before - 0.001...after + 0.001).contains(ended), "\(ended) is not between \(before) and \(after): --now is the site's clock only")
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], ended)
        XCTAssertLessThanOrEqual(samples["feedsite_last_run_duration_seconds"] ?? .infinity, after - before)
    }
}
