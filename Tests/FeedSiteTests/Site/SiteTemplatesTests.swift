import BuiltInTemplates
import FeedSiteCLI
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class SiteTemplatesTests: XCTestCase {
    func test_load_readsTheRepositoryTemplatesAndStylesheet() throws {
        let templates = try SiteTemplates.load(from: TemplatesFolder(repositoryTemplates()), defaults: BuiltInTemplates())
        let stylesheet = String(decoding: templates.stylesheet, as: UTF8.self)

        XCTAssertEqual(templates.layout.name, repositoryTemplates().appendingPathComponent("layout.html").path, "named by their files, for messages")
        XCTAssertEqual(templates.feed.name, repositoryTemplates().appendingPathComponent("feed.html").path)
        XCTAssertEqual(templates.comments.name, repositoryTemplates().appendingPathComponent("comments.html").path)
        XCTAssertTrue(stylesheet.contains("prefers-color-scheme: dark"), "light and dark mode follow the reader's setting")
    }

    func test_repositoryStylesheet_loadsNothingFromAnotherHost() throws {
        let stylesheet = String(
            decoding: try SiteTemplates.load(from: TemplatesFolder(repositoryTemplates()), defaults: BuiltInTemplates()).stylesheet, as: UTF8.self)

        XCTAssertFalse(stylesheet.contains("@import"))
        XCTAssertFalse(stylesheet.contains("://"))
    }

    func test_load_throwsForMissingFileNamingIt() throws {
        let folder = try copyOfRepositoryTemplates()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("comments.html"))

        XCTAssertThrowsError(try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())) { error in
            XCTAssertEqual(error as? SiteTemplates.LoadError, .missing(file: folder.appendingPathComponent("comments.html").path))
        }
    }

    func test_load_throwsForMissingStylesheet() throws {
        let folder = try copyOfRepositoryTemplates()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("style.css"))

        XCTAssertThrowsError(try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())) { error in
            XCTAssertEqual(error as? SiteTemplates.LoadError, .missing(file: folder.appendingPathComponent("style.css").path))
        }
    }

    func test_missingLayout_saysWhichFileAndWhatTemplatesNeed() throws {
        let folder = try copyOfRepositoryTemplates()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("layout.html"))

        XCTAssertThrowsError(try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())) { error in
            XCTAssertEqual(
                "\(error)",
                "template \(folder.path)/layout.html is missing; templates need layout.html, feed.html, comments.html, style.css and string tables in <locale>.lproj"
            )
        }
    }

    func test_load_takesTheSearchScriptFromTheDefaultsWhenTheFolderHasNone() throws {
        let folder = try copyOfRepositoryTemplates()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("search.js"))

        let templates = try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())

        XCTAssertEqual(templates.searchScript, BuiltInTemplates().read("search.js"))
    }

    func test_load_takesTheFoldersOwnSearchScriptWhenItHasOne() throws {
        let folder = try copyOfRepositoryTemplates()
        try Data("/* mine */".utf8).write(to: folder.appendingPathComponent("search.js"))

        let templates = try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())

        XCTAssertEqual(String(decoding: templates.searchScript, as: UTF8.self), "/* mine */")
    }

    func test_repositorySearchScript_loadsNothingFromAnotherHostAndEvaluatesNoText() throws {
        let script = String(decoding: try SiteFixtures.templates().searchScript, as: UTF8.self)

        XCTAssertTrue(script.contains("feedsiteSearch.terms = terms"), "the page check runs the shared vectors through it")
        let forbidden = [
            "http://", "https://", "\"//", "eval(", "new Function", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "fetch(", "import ",
        ]
        for text in forbidden {
            XCTAssertFalse(script.contains(text), text)
        }
    }

    func test_load_throwsForInvalidTemplateWithFileAndLine() throws {
        let folder = try copyOfRepositoryTemplates()
        let file = folder.appendingPathComponent("feed.html")
        try Data("<ol>\n{{#items}}\n<li>{{name}}</li>\n</ol>\n".utf8).write(to: file)

        XCTAssertThrowsError(try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())) { error in
            guard case let .invalid(templateError, path) = error as? SiteTemplates.LoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file.path)
            XCTAssertEqual(templateError.template, file.path)
            XCTAssertEqual(templateError.line, 2)
            XCTAssertTrue("\(error)".contains("\(file.path), line 2"), "\(error)")
        }
    }

    func test_load_throwsForTemplateThatIsNotUTF8() throws {
        let folder = try copyOfRepositoryTemplates()
        try Data([0x3C, 0x70, 0x3E, 0xC3, 0x28, 0xFF]).write(to: folder.appendingPathComponent("layout.html"))

        XCTAssertThrowsError(try SiteTemplates.load(from: TemplatesFolder(folder), defaults: BuiltInTemplates())) { error in
            XCTAssertEqual(error as? SiteTemplates.LoadError, .unreadable(file: folder.appendingPathComponent("layout.html").path, reason: "not UTF-8 text"))
        }
    }

    // MARK: - Helpers

    private func copyOfRepositoryTemplates() throws -> URL {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: repositoryTemplates().resolvingSymlinksInPath(), to: folder)
        return folder
    }
}
