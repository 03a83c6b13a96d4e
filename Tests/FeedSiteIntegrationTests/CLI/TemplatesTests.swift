import BuiltInTemplates
import FeedSiteCLI
import Foundation
import SampleAPI
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which templates a run uses: the built-in ones unless `--templates DIR` names a folder, and
/// a folder that lacks something says which file and which name, before anything is fetched.
final class TemplatesTests: XCTestCase {
    func test_generate_withoutTemplatesUsesTheBuiltInOnesAndNeverATemplatesFolderItHappensToFind() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        try writeBuiltInTemplates(to: run.root.appendingPathComponent("Templates"), changing: ["style.css": "/* the working folder's */"])

        let result = await runFeedsite(["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache"], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try Data(contentsOf: run.file("assets/style.css")), try builtIn("style.css"))
    }

    func test_generate_withTemplatesUsesThatFolder() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        try writeBuiltInTemplates(
            to: theme,
            changing: [
                "style.css": "/* mine */", "layout.html": String(decoding: try builtIn("layout.html"), as: UTF8.self) + "<!-- my theme -->\n",
            ])

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try read(run.file("assets/style.css")), "/* mine */")
        XCTAssertTrue(try read(run.file("index.html")).hasSuffix("<!-- my theme -->\n"))
    }

    func test_generate_withAThemeWrittenBeforeTheSearchPublishesWithTheBuiltInSearchScriptAndStrings() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        let layout = String(decoding: try builtIn("layout.html"), as: UTF8.self)
        let withoutSearch = try XCTUnwrap(
            layout.range(of: "{{#search}}").flatMap { start in
                layout.range(of: "{{/search}}\n").map { layout.replacingCharacters(in: start.lowerBound..<$0.upperBound, with: "") }
            })
        var changes = ["layout.html": withoutSearch]
        for locale in ["en", "el", "pt-BR"] {
            let strings = String(decoding: try builtIn("\(locale).lproj/Feed.strings"), as: UTF8.self)
            changes["\(locale).lproj/Feed.strings"] = strings.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("\"SEARCH_") }.joined(separator: "\n")
        }
        try writeBuiltInTemplates(to: theme, changing: changes)
        try FileManager.default.removeItem(at: theme.appendingPathComponent("search.js"))

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme", "--locale", "all"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try Data(contentsOf: run.file("assets/search.js")), try builtIn("search.js"))
        XCTAssertFalse(try read(run.file("index.html")).contains("<script"), "the theme's layout has no search field")
    }

    func test_generate_withAThemeMissingAStringKeyFailsNamingTheFileAndTheKeyBeforeAnyRequest() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        let feedStrings = String(decoding: try builtIn("en.lproj/Feed.strings"), as: UTF8.self)
        let withoutNext = feedStrings.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("\"FEED_PAGE_NEXT\"") }
        try writeBuiltInTemplates(to: theme, changing: ["en.lproj/Feed.strings": withoutNext.joined(separator: "\n")])

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertEqual(
            result.diagnostics, "feedsite: error: missing key FEED_PAGE_NEXT in table Feed for locale en (\(theme.path)/en.lproj/Feed.strings)")
        XCTAssertEqual(server.requestCounts.total, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.site.path))
    }

    func test_generate_withAThemeMissingAFileFailsNamingIt() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        try writeBuiltInTemplates(to: theme, changing: [:])
        try FileManager.default.removeItem(at: theme.appendingPathComponent("layout.html"))
        try FileManager.default.removeItem(at: theme.appendingPathComponent("el.lproj/Shared.strings"))

        let layout = await run.generate(api: server.apiRoot, ["--templates", "theme"])
        let table = await run.generate(api: server.apiRoot, ["--templates", "\(theme.path)/", "--locale", "el"])

        XCTAssertEqual(layout.code, .failure)
        XCTAssertTrue(layout.diagnostics.hasPrefix("feedsite: error: template \(theme.path)/layout.html is missing; "), layout.diagnostics)
        XCTAssertEqual(table.code, .failure)
        XCTAssertTrue(table.diagnostics.hasPrefix("feedsite: error: template \(theme.path)/layout.html is missing"), "templates are checked first")
        try Data(try builtIn("layout.html")).write(to: theme.appendingPathComponent("layout.html"))
        let greek = await run.generate(api: server.apiRoot, ["--templates", "theme", "--locale", "el"])
        XCTAssertEqual(greek.diagnostics, "feedsite: error: string table \(theme.path)/el.lproj/Shared.strings is missing; locale el needs its table Shared")
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    func test_generate_withAThemeNamingAValueThePagesDoNotHaveFailsNamingTheFileLineAndNameBeforeAnyRequest() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        // Only the comments page of an image whose comments could not be had shows this line.
        let comments = String(decoding: try builtIn("comments.html"), as: UTF8.self) + "{{#error}}<p>{{errorDetails}}</p>{{/error}}\n"
        try writeBuiltInTemplates(to: theme, changing: ["comments.html": comments])
        let line = comments.split(separator: "\n", omittingEmptySubsequences: false).count - 1

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(
            result.diagnostics.hasPrefix("feedsite: error: \(theme.path)/comments.html:\(line): no value named 'errorDetails' (names here: "),
            result.diagnostics)
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    /// Opening a named pipe waits for a writer: the run used to wait with it, for ever.
    func test_generate_withAThemeWhoseStylesheetIsANamedPipeFailsNamingItWithoutWaitingForAWriter() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        try writeBuiltInTemplates(to: theme, changing: [:])
        try FileManager.default.removeItem(at: theme.appendingPathComponent("style.css"))
        XCTAssertEqual(mkfifo(theme.appendingPathComponent("style.css").path, 0o644), 0)

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertEqual(result.diagnostics, "feedsite: error: cannot read template \(theme.path)/style.css: it is a named pipe (FIFO), not a regular file")
        XCTAssertEqual(server.requestCounts.total, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.site.path))
    }

    /// Read whole, a stylesheet that leads to /dev/zero grew the run without end.
    func test_generate_withAThemeWhoseStylesheetLeadsToADeviceFailsNamingIt() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        try writeBuiltInTemplates(to: theme, changing: [:])
        try FileManager.default.removeItem(at: theme.appendingPathComponent("style.css"))
        try FileManager.default.createSymbolicLink(atPath: theme.appendingPathComponent("style.css").path, withDestinationPath: "/dev/zero")

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertEqual(result.diagnostics, "feedsite: error: cannot read template \(theme.path)/style.css: it is a character device, not a regular file")
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    func test_generate_withAThemeFileLargerThanTheLimitFailsNamingTheFileAndTheLimit() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        let strings = String(decoding: try builtIn("en.lproj/Shared.strings"), as: UTF8.self)
        let padded = strings + "/*" + String(repeating: " ", count: 4 * 1024 * 1024 - strings.utf8.count - 3) + "*/"
        try writeBuiltInTemplates(to: theme, changing: ["en.lproj/Shared.strings": padded, "style.css": String(repeating: " ", count: 4 * 1024 * 1024)])

        let larger = await run.generate(api: server.apiRoot, ["--templates", "theme"])
        try Data(strings.utf8).write(to: theme.appendingPathComponent("en.lproj/Shared.strings"))
        let atTheLimit = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(larger.code, .failure)
        XCTAssertEqual(
            larger.diagnostics,
            "feedsite: error: cannot read string table \(theme.path)/en.lproj/Shared.strings: it is larger than 4 MiB, the most a file of a templates folder may hold"
        )
        XCTAssertEqual(atTheLimit.code, .success, "a stylesheet of exactly 4 MiB: \(atTheLimit.diagnostics)")
        XCTAssertEqual(try Data(contentsOf: run.file("assets/style.css")).count, 4 * 1024 * 1024)
    }

    func test_generate_withAThemeNestingSectionsTwentyThousandDeepFailsNamingTheFileAndLine() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let theme = run.root.appendingPathComponent("theme")
        let feed = String(decoding: try builtIn("feed.html"), as: UTF8.self)
        let line = feed.split(separator: "\n", omittingEmptySubsequences: false).count
        let deep = String(repeating: "{{#hasItems}}", count: 20_000) + "x" + String(repeating: "{{/hasItems}}", count: 20_000)
        try writeBuiltInTemplates(to: theme, changing: ["feed.html": feed + deep])

        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertEqual(
            result.diagnostics,
            "feedsite: error: template \(theme.path)/feed.html, line \(line): {{#hasItems}} opens a section 101 deep; sections nest at most 100 deep")
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    func test_generate_withATemplatesPathThatIsNoFolderIsAUsageError() async throws {
        let run = try makeRunFolder()
        try Data("not a folder".utf8).write(to: run.root.appendingPathComponent("file"))

        let missing = await runFeedsite(["generate", "--offline", "--cache", "cache", "--templates", "nowhere"], in: run.root)
        let file = await runFeedsite(["generate", "--offline", "--cache", "cache", "--templates", "file"], in: run.root)

        XCTAssertEqual(missing.code, .usage)
        XCTAssertTrue(missing.diagnostics.hasPrefix("feedsite: error: --templates \(run.root.path)/nowhere does not exist; "), missing.diagnostics)
        XCTAssertTrue(missing.diagnostics.contains("feedsite templates DIR"), missing.diagnostics)
        XCTAssertEqual(file.code, .usage)
        XCTAssertTrue(file.diagnostics.hasPrefix("feedsite: error: --templates \(run.root.path)/file is not a folder; "), file.diagnostics)
    }

    func test_templates_writesTheBuiltInOnesForGenerateToUse() async throws {
        let run = try makeRunFolder()
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))

        let written = await runFeedsite(["templates", "theme"], in: run.root)
        try Data("/* edited */".utf8).write(to: run.root.appendingPathComponent("theme/style.css"))
        let result = await run.generate(api: server.apiRoot, ["--templates", "theme"])

        XCTAssertEqual(written.code, .success, written.diagnostics)
        let theme = run.root.appendingPathComponent("theme")
        XCTAssertEqual(
            written.output.split(separator: "\n").map(String.init),
            ["wrote the \(BuiltInTemplates.files.count) files of the built-in templates to \(theme.path):"]
                + BuiltInTemplates.files.map { "  \($0.name)" } + ["Edit them, then publish with them: feedsite generate --templates \(theme.path)"])
        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertEqual(try read(run.file("assets/style.css")), "/* edited */")
    }

    // MARK: - Helpers

    private func builtIn(_ name: String) throws -> Data {
        try XCTUnwrap(BuiltInTemplates().read(name), name)
    }
}

/// Writes the built-in templates into `folder`, with the files in `changing` replaced.
private func writeBuiltInTemplates(to folder: URL, changing: [String: String]) throws {
    for (name, data) in BuiltInTemplates.files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (changing[name].map { Data($0.utf8) } ?? data).write(to: url)
    }
}
