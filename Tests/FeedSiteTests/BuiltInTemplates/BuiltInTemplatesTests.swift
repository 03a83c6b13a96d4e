import BuiltInTemplates
import FeedSiteCLI
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// The templates compiled into the binary are the repository's `Templates/`, whole.
final class BuiltInTemplatesTests: XCTestCase {
    func test_files_areEveryFileOfTheTemplatesFolderByteForByte() throws {
        let folder = repositoryTemplates()
        // The embedding skips dot-files, as an editor's swap file or .DS_Store are no template.
        let expected = regularFiles(under: folder).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }

        XCTAssertEqual(BuiltInTemplates.files.map(\.name), expected, "every file of Templates/ built in, none missing, none extra")
        for (name, data) in BuiltInTemplates.files {
            XCTAssertEqual(data, try Data(contentsOf: folder.appendingPathComponent(name)), "\(name) differs from Templates/\(name)")
        }
        XCTAssertTrue(expected.contains("layout.html") && expected.contains("en.lproj/Feed.strings"), "\(expected)")
    }

    func test_source_readsEachFileByItsPathAndNothingElse() throws {
        let templates = BuiltInTemplates()

        XCTAssertEqual(templates.read("el.lproj/Shared.strings"), try Data(contentsOf: repositoryTemplates().appendingPathComponent("el.lproj/Shared.strings")))
        XCTAssertNil(templates.read("missing.html"))
        XCTAssertNil(templates.read("el.lproj"))
        XCTAssertEqual(templates.names(), TemplatesFolder(repositoryTemplates()).names().sorted())
        XCTAssertEqual(templates.locales(), ["el", "en", "pt-BR"])
    }

    func test_source_namesItsFilesAsBuiltInInMessages() throws {
        XCTAssertEqual(BuiltInTemplates().path(of: "feed.html"), "built-in feed.html")
        XCTAssertThrowsError(try StringTables<SiteString>.load(locale: "fr", from: BuiltInTemplates())) { error in
            XCTAssertEqual("\(error)", "no string tables for locale 'fr' in the built-in templates (available: el, en, pt-BR)")
        }
    }

    func test_templates_loadAndRenderEveryPageInEveryLocale() throws {
        let templates = try SiteTemplates.load(from: BuiltInTemplates(), defaults: BuiltInTemplates())
        XCTAssertEqual(templates.layout.name, "built-in layout.html")

        for locale in BuiltInTemplates().locales() {
            let strings = try StringTables<SiteString>.load(locale: locale, from: BuiltInTemplates())
            let renderer = SiteRenderer(
                templates: templates, strings: strings, paths: SitePaths(), languages: [], now: fixedNow(), apiHost: "example.org",
                baseURL: BaseURL("https://example.org/feed/"))
            XCTAssertNoThrow(try renderer.rehearse(), locale)
        }
    }
}
