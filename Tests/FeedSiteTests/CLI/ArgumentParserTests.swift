import Basics
import FeedSiteCLI
import Foundation
import History
import TestSupport
import XCTest

final class ArgumentParserTests: XCTestCase {
    func test_parse_generateWithoutOptionsUsesTheDocumentedDefaults() throws {
        guard case let .generate(options) = try parse(["generate"]) else { return XCTFail("expected generate") }

        XCTAssertEqual(options.api, GenerateOptions.productionAPI)
        XCTAssertEqual(options.output, "Output")
        XCTAssertNil(options.cache)
        XCTAssertNil(options.templates)
        XCTAssertEqual(options.locales, ["en"])
        XCTAssertNil(options.now)
        XCTAssertEqual(options.pageSize, 10)
        XCTAssertNil(options.maxItems)
        XCTAssertEqual(options.maxPages, 10_000, "100,000 items at 10 a page")
        XCTAssertEqual(options.concurrency, 8)
        XCTAssertEqual(options.timeout, 30)
        XCTAssertNil(options.rate, "no limit unless asked")
        XCTAssertEqual(options.retries, 3)
        XCTAssertEqual(options.maxImageBytes, 64 * 1024 * 1024)
        XCTAssertNil(options.caFile)
        XCTAssertFalse(options.offline)
        XCTAssertFalse(options.strict)
        XCTAssertFalse(options.force, "an output holding others' files is refused unless asked")
        XCTAssertEqual(options.verbosity, .normal)
        XCTAssertNil(options.baseURL, "without --base-url the site stays wholly relative")
        XCTAssertNil(options.metricsFile, "no metrics file unless asked")
        XCTAssertFalse(options.exportData, "no data/ folder unless asked")
    }

    func test_parse_readsTheBaseURLWithOrWithoutItsTrailingSlash() throws {
        for (given, kept) in [
            ("https://example.org/feed/", "https://example.org/feed/"), ("https://example.org/feed", "https://example.org/feed/"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080/"),
        ] {
            guard case let .generate(options) = try parse(["generate", "--base-url", given]) else { return XCTFail("expected generate") }
            XCTAssertEqual(options.baseURL?.text, kept, given)
        }
        guard case let .demo(options) = try parse(["demo", "--base-url=https://example.org/"]) else { return XCTFail("expected demo") }
        XCTAssertEqual(options.baseURL?.text, "https://example.org/")
    }

    func test_parse_takesExportDataForDemoToo() throws {
        guard case let .demo(options) = try parse(["demo", "--export-data"]) else { return XCTFail("expected demo") }

        XCTAssertTrue(options.exportData)
        XCTAssertThrowsError(try parse(["demo", "--export-data=yes"]), "a flag takes no value")
    }

    func test_parse_readsEveryGenerateOptionInBothSpellings() throws {
        let command = try parse([
            "generate", "--api", "http://127.0.0.1:8080/v1", "--output=site", "--cache", "c", "--templates", "t",
            "--locale", "el", "--locale=pt-BR", "--now", "2024-05-20T11:24:59+0000", "--page-size", "25",
            "--max-items", "100", "--max-pages=50", "--concurrency", "4", "--timeout", "2.5", "--rate", "0.5", "--retries=0", "--max-image-bytes", "1000000",
            "--ca-file", "ca.pem", "--offline", "--strict", "--force", "--export-data", "--verbose", "--metrics-file=/var/lib/node_exporter/feedsite.prom",
        ])
        guard case let .generate(options) = command else { return XCTFail("expected generate") }

        XCTAssertEqual(options.api.absoluteString, "http://127.0.0.1:8080/v1")
        XCTAssertEqual(options.output, "site")
        XCTAssertEqual(options.cache, "c")
        XCTAssertEqual(options.templates, "t")
        XCTAssertEqual(options.locales, ["el", "pt-BR"])
        XCTAssertEqual(options.now, Date(timeIntervalSince1970: 1_716_204_299))
        XCTAssertEqual(options.pageSize, 25)
        XCTAssertEqual(options.maxItems, 100)
        XCTAssertEqual(options.maxPages, 50)
        XCTAssertEqual(options.concurrency, 4)
        XCTAssertEqual(options.timeout, 2.5)
        XCTAssertEqual(options.rate, 0.5)
        XCTAssertEqual(options.retries, 0)
        XCTAssertEqual(options.maxImageBytes, 1_000_000)
        XCTAssertEqual(options.caFile, "ca.pem")
        XCTAssertTrue(options.offline)
        XCTAssertTrue(options.strict)
        XCTAssertTrue(options.force)
        XCTAssertTrue(options.exportData)
        XCTAssertEqual(options.verbosity, .verbose)
        XCTAssertEqual(options.metricsFile, "/var/lib/node_exporter/feedsite.prom")
        guard case let .demo(demo) = try parse(["demo", "--metrics-file", "m.prom", "--warc", "warc"]) else { return XCTFail("expected demo") }
        XCTAssertEqual(demo.metricsFile, "m.prom")
        XCTAssertEqual(demo.warc, "warc")
    }

    func test_parse_takesTheClockFromSourceDateEpochWithoutNow() throws {
        guard case let .generate(options) = try parse(["generate"], environment: ["SOURCE_DATE_EPOCH": "1716204299"]) else {
            return XCTFail("expected generate")
        }
        XCTAssertEqual(options.now, Date(timeIntervalSince1970: 1_716_204_299))
    }

    func test_parse_prefersNowOverSourceDateEpoch() throws {
        guard case let .generate(options) = try parse(["generate", "--now", "2020-01-01T00:00:00Z"], environment: ["SOURCE_DATE_EPOCH": "1716204299"]) else {
            return XCTFail("expected generate")
        }
        XCTAssertEqual(options.now, Date(timeIntervalSince1970: 1_577_836_800))
    }

    func test_parse_recognisesHelpVersionDemoAndValidateCache() throws {
        XCTAssertEqual(try parse(["--help"]), .help)
        XCTAssertEqual(try parse(["generate", "--api", "nonsense", "-h"]), .help)
        XCTAssertEqual(try parse(["help"]), .help)
        XCTAssertEqual(try parse(["--version"]), .version)
        XCTAssertEqual(
            try parse(["validate-cache", "--cache", "c", "--now", "2020-01-01T00:00:00Z"]),
            .validateCache(cache: "c", now: Date(timeIntervalSince1970: 1_577_836_800), verbose: false))
        XCTAssertEqual(try parse(["validate-cache", "--verbose"]), .validateCache(cache: nil, now: nil, verbose: true))
        guard case let .demo(options) = try parse(["demo", "--output", "x"]) else { return XCTFail("expected demo") }
        XCTAssertEqual(options.output, "x")
    }

    func test_parse_readsTheFolderTheTemplatesCommandWritesInto() throws {
        XCTAssertEqual(try parse(["templates", "theme"]), .templates(folder: "theme"))
        XCTAssertEqual(try parse(["templates", "/srv/feed/theme"]), .templates(folder: "/srv/feed/theme"))
        XCTAssertEqual(try parse(["templates", "theme", "--help"]), .help)
    }

    func test_parse_rejectsATemplatesCommandWithoutExactlyOneFolder() {
        let needsFolder = "templates needs one folder to write the built-in templates into, such as: feedsite templates theme"
        let cases: [([String], String)] = [
            (["templates"], needsFolder),
            (["templates", "a", "b"], needsFolder),
            (["templates", ""], needsFolder),
            (["templates", "--output", "theme"], "unknown option '--output' for 'templates'; " + needsFolder),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }

    func test_parse_rejectsBadCommandLinesWithOneClearMessage() {
        let cases: [([String], String)] = [
            ([], "missing command"),
            (["publish"], "unknown command 'publish'"),
            (["--output", "x"], "unknown option '--output'; a command comes first"),
            (["generate", "--colour"], "unknown option '--colour' for 'generate'"),
            (["generate", "stray"], "unexpected argument 'stray' for 'generate'"),
            (["generate", "--api"], "option '--api' needs a value"),
            (["generate", "--output", "--offline"], "option '--output' needs a value"),
            (["generate", "--offline=yes"], "option '--offline' takes no value"),
            (["generate", "--output", "a", "--output", "b"], "option '--output' is given more than once"),
            (["generate", "--api", "ftp://x.com"], "--api needs an http or https URL, got 'ftp://x.com'"),
            (["generate", "--api", "not a url"], "--api needs an http or https URL, got 'not a url'"),
            (["generate", "--page-size", "0"], "--page-size needs a whole number from 1 to 10000, got '0'"),
            (["generate", "--concurrency", "65"], "--concurrency needs a whole number from 1 to 64, got '65'"),
            (["generate", "--max-items", "-3"], "--max-items needs a whole number from 1 to 10000000, got '-3'"),
            (["generate", "--max-items=-3"], "--max-items needs a whole number from 1 to 10000000, got '-3'"),
            (["generate", "--max-pages", "0"], "--max-pages needs a whole number from 1 to 10000000, got '0'"),
            (["generate", "--max-pages", "all"], "--max-pages needs a whole number from 1 to 10000000, got 'all'"),
            (["generate", "--timeout", "0"], "--timeout needs a number of seconds above 0 and up to 3600, got '0'"),
            (["generate", "--rate", "0"], "--rate needs a number of requests a second above 0 and up to 1000, got '0'"),
            (["generate", "--rate", "nan"], "--rate needs a number of requests a second above 0 and up to 1000, got 'nan'"),
            (["generate", "--rate", "2/s"], "--rate needs a number of requests a second above 0 and up to 1000, got '2/s'"),
            (["generate", "--retries", "11"], "--retries needs a whole number from 0 to 10, got '11'"),
            (["generate", "--retries", "-1"], "--retries needs a whole number from 0 to 10, got '-1'"),
            (["generate", "--max-image-bytes", "0"], "--max-image-bytes needs a whole number from 1 to 1099511627776, got '0'"),
            (["generate", "--max-image-bytes", "64MB"], "--max-image-bytes needs a whole number from 1 to 1099511627776, got '64MB'"),
            (["generate", "--ca-file="], "--ca-file needs a path"),
            (["generate", "--metrics-file="], "--metrics-file needs a path"),
            (["generate", "--warc="], "--warc needs a path"),
            (["generate", "--metrics-file"], "option '--metrics-file' needs a value"),
            (
                ["generate", "--now", "yesterday"],
                "--now needs a date such as 2024-05-20 (midnight UTC) or an ISO 8601 time such as 2024-05-20T11:24:59Z, got 'yesterday'"
            ),
            (["generate", "--quiet", "--verbose"], "--quiet and --verbose cannot be used together"),
            (["generate", "--base-url"], "option '--base-url' needs a value"),
            (["generate", "--output="], "--output needs a path"),
            (["demo", "--api", "http://x.com"], "unknown option '--api' for 'demo'"),
            (["validate-cache", "--output", "x"], "unknown option '--output' for 'validate-cache'"),
            (["--version", "extra"], "--version takes no arguments"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }

    func test_parse_rejectsABaseURLThatIsNotAnAbsoluteHTTPURLAsAUsageError() {
        for given in [
            "/feed/", "feed", "example.org/feed", "ftp://example.org/", "https://", "file:///var/www", "https://example.org/?page=1",
            "https://example.org/#top", "",
        ] {
            XCTAssertThrowsError(try parse(["generate", "--base-url=\(given)"]), given) { error in
                XCTAssertEqual(
                    (error as? UsageError)?.description,
                    "--base-url needs the absolute http or https URL the site will be served from, such as https://example.org/feed/, got '\(given)'", given)
            }
        }
    }

    func test_parse_refusesCredentialsInTheAPIOrBaseURLWithoutRepeatingThem() {
        let cases = [
            (["generate", "--api", "https://user:s3cret@api.example/v1"], "--api"),
            (["generate", "--api=http://user@api.example/v1"], "--api"),
            (["generate", "--base-url", "https://user:s3cret@example.org/feed/"], "--base-url"),
            (["demo", "--base-url", "https://:s3cret@example.org/"], "--base-url"),
        ]
        for (arguments, option) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                let message = (error as? UsageError)?.description ?? ""
                XCTAssertEqual(message, "\(option) must not hold credentials (user:password@): feedsite sends none and publishes none", "\(arguments)")
                XCTAssertFalse(message.contains("s3cret"), message)
            }
        }
    }

    func test_parse_rejectsAMalformedSourceDateEpoch() {
        XCTAssertThrowsError(try parse(["generate"], environment: ["SOURCE_DATE_EPOCH": "soon"])) { error in
            XCTAssertEqual((error as? UsageError)?.description, "SOURCE_DATE_EPOCH needs a whole number of seconds since 1970, got 'soon'")
        }
    }

    func test_parse_serveServesOutputOnPort8080UnlessTold() throws {
        XCTAssertEqual(try parse(["serve"]), .serve(output: "Output", host: "127.0.0.1", port: 8080))
        XCTAssertEqual(try parse(["serve", "--output", "/srv/site", "--port", "0"]), .serve(output: "/srv/site", host: "127.0.0.1", port: 0))
        XCTAssertEqual(try parse(["serve", "--port=65535"]), .serve(output: "Output", host: "127.0.0.1", port: 65535))
    }

    func test_parse_serveRefusesAPortThatIsNotOne() {
        for port in ["65536", "-1", "http", ""] {
            XCTAssertThrowsError(try parse(["serve", "--port=\(port)"]), port) { error in
                XCTAssertEqual((error as? UsageError)?.description, "--port needs a whole number from 0 to 65535, got '\(port)'", port)
            }
        }
        XCTAssertThrowsError(try parse(["serve", "--api", "http://127.0.0.1:1/v1"])) { error in
            XCTAssertEqual((error as? UsageError)?.description, "unknown option '--api' for 'serve'")
        }
    }

    func test_history_list_takesTheOutput() throws {
        XCTAssertEqual(try parse(["history", "list", "--output", "site"]), .history(HistoryRequest(action: .list, output: "site", now: nil)))
        XCTAssertEqual(try parse(["history", "list"]), .history(HistoryRequest(action: .list, output: "Output", now: nil)))
    }

    func test_history_prune_takesAPolicyAClockTemplatesABaseURLAndATitle_elseTheDefaultPolicy() throws {
        let command = try parse([
            "history", "prune", "--history-keep", "every:1d", "--now", "2026-11-01T00:00:00Z", "--templates", "theme", "--base-url", "https://example.org/f/",
            "--title", "Lisbon",
        ])

        guard case let .history(request) = command, case let .prune(policy, templates, baseURL, title) = request.action else {
            return XCTFail("\(command)")
        }
        XCTAssertEqual(policy.description, "every:1d")
        XCTAssertEqual(templates, "theme")
        XCTAssertEqual(baseURL?.text, "https://example.org/f/")
        XCTAssertEqual(title, "Lisbon")
        XCTAssertEqual(request.now, ISO8601Date.parse("2026-11-01T00:00:00Z"))
        guard case let .history(plain) = try parse(["history", "prune"]), case let .prune(standard, _, _, _) = plain.action else { return XCTFail() }
        XCTAssertEqual(standard, .standard)
    }

    func test_generate_takesTheSitesTitle_onOneLine_andRefusesABlankOne() throws {
        guard case let .generate(options) = try parse(["generate", "--title", "  Lisbon\n in   pictures "]) else { return XCTFail() }
        XCTAssertEqual(options.title, "Lisbon in pictures")
        guard case let .generate(untitled) = try parse(["generate"]) else { return XCTFail() }
        XCTAssertNil(untitled.title, "each locale's own name")
        XCTAssertThrowsError(try parse(["demo", "--title", " "])) { XCTAssertTrue("\($0)".contains("--title needs the site's name"), "\($0)") }
    }

    func test_history_refusesAnotherAction_andOptionsItDoesNotTake() {
        XCTAssertThrowsError(try parse(["history"])) { XCTAssertTrue("\($0)".contains("history needs list or prune"), "\($0)") }
        XCTAssertThrowsError(try parse(["history", "thin"])) { XCTAssertTrue("\($0)".contains("(got 'thin')"), "\($0)") }
        XCTAssertThrowsError(try parse(["history", "list", "--history-keep", "all"])) {
            XCTAssertTrue("\($0)".contains("unknown option '--history-keep' for 'history list'"), "\($0)")
        }
        XCTAssertThrowsError(try parse(["history", "prune", "--history-keep", "often"]))
    }

    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> Command {
        try ArgumentParser.parse(arguments, environment: environment)
    }
}
