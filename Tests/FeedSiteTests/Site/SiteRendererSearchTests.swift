import FeedCore
import FeedSiteCLI
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// The search field's script element: on every feed page and no other, with the paths from
/// that page to the script, the locale's index, pages and the images, and the locale's labels.
final class SiteRendererSearchTests: XCTestCase {
    func test_feedPages_carryTheSearchScriptWithPathsFromTheirOwnFolder() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])
        let english = renderers[0]
        let greek = renderers[1]

        XCTAssertEqual(
            try searchPaths(english, page: 1),
            #"<script src="assets/search.js" defer data-index="search/index.js" data-pages="" data-images="images/""#)
        XCTAssertEqual(
            try searchPaths(english, page: 2),
            #"<script src="../assets/search.js" defer data-index="../search/index.js" data-pages="../" data-images="../images/""#)
        XCTAssertEqual(
            try searchPaths(greek, page: 1),
            #"<script src="../assets/search.js" defer data-index="search/index.js" data-pages="" data-images="../images/""#)
        XCTAssertEqual(
            try searchPaths(greek, page: 2),
            #"<script src="../../assets/search.js" defer data-index="../search/index.js" data-pages="../" data-images="../../images/""#)
    }

    func test_feedPage_givesTheScriptTheLocalesLabelsWithTheirPlaceholdersForTheScriptToFill() throws {
        let html = try SiteFixtures.renderer(locale: "el").render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))

        XCTAssertEqual(
            scriptElement(in: html)?.components(separatedBy: " data-label=").last,
            #""Αναζήτηση σε αυτό το feed" data-one="1 αποτέλεσμα" data-many="%@ αποτελέσματα" "#
                + #"data-more="%1$@ αποτελέσματα, εμφανίζονται τα πρώτα %2$@" data-none="Κανένα αποτέλεσμα" "#
                + #"data-unavailable="Η αναζήτηση δεν είναι διαθέσιμη: δεν ήταν δυνατή η φόρτωση του ευρετηρίου της."></script>"#)
    }

    func test_feedPage_escapesTheLabelsInTheirAttributes() throws {
        let feedStrings = String(decoding: try XCTUnwrap(TemplatesFolder(repositoryTemplates()).read("en.lproj/Feed.strings")), as: UTF8.self)
        let changed = ChangedTemplates(changes: [
            "en.lproj/Feed.strings": feedStrings.replacingOccurrences(
                of: #""SEARCH_LABEL" = "Search this feed";"#, with: #""SEARCH_LABEL" = "Find \"it\" & <b>it</b> 'here'";"#)
        ])
        let renderer = SiteRenderer(
            templates: try SiteFixtures.templates(), strings: try StringTables<SiteString>.load(locale: "en", from: changed), paths: SitePaths(),
            languages: [], now: fixedNow(), apiHost: SiteFixtures.apiHost)

        let html = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))

        let element = try XCTUnwrap(scriptElement(in: html))
        XCTAssertTrue(element.contains(#" data-label="Find &quot;it&quot; &amp; &lt;b&gt;it&lt;/b&gt; &#39;here&#39;" "#), element)
    }

    func test_onlyFeedPagesCarryTheSearchScript() throws {
        let renderer = try SiteFixtures.renderer()
        let entry = SiteFixtures.feedEntries()[0]
        let feedPages = [
            try renderer.render(FeedPageModel(number: 1, pageCount: 2, entries: [entry], paths: SitePaths())),
            try renderer.render(FeedPageModel(number: 2, pageCount: 2, entries: [], paths: SitePaths()), feedSavedAt: fixedNow()),
        ]
        let commentsPages = try [SiteFixtures.comments(), [], nil].map { comments in
            try renderer.render(
                CommentsPageModel(
                    entry: entry, comments: comments, feedPage: 1, neighbours: .none, paths: SitePaths(),
                    dates: CommentDateFormatter(locale: "en"), now: fixedNow()))
        }

        for page in feedPages {
            XCTAssertNotNil(scriptElement(in: page), page)
        }
        for page in commentsPages {
            XCTAssertFalse(page.contains("search.js"), page)
            XCTAssertFalse(page.contains("search"), page)
        }
    }

    func test_aLocaleMissingASearchStringFailsAsItsTablesLoadNamingTheKeyWhenThereAreNoDefaults() throws {
        let changed = try templates(withoutSearchStringsIn: "pt-BR")

        XCTAssertThrowsError(try StringTables<SiteString>.load(locale: "pt-BR", from: changed)) { error in
            XCTAssertEqual(
                error as? LocalizationError,
                .missingKey(table: "Feed", key: "SEARCH_LABEL", locale: "pt-BR", file: changed.path(of: "pt-BR.lproj/Feed.strings")))
        }
    }

    func test_aThemeWrittenBeforeTheSearchTakesTheSearchStringsOfItsLocaleFromTheDefaults() throws {
        let changed = try templates(withoutSearchStringsIn: "pt-BR")

        let tables = try StringTables<SiteString>.load(locale: "pt-BR", from: changed, defaults: TemplatesFolder(repositoryTemplates()))

        XCTAssertEqual(try tables.string(.searchNoResults), "Nenhum resultado")
        XCTAssertEqual(try tables.string(.feedViewTitle), "Meu Feed", "the theme's own strings stay its own")
    }

    func test_aThemeLocaleTheDefaultsLackTakesTheEnglishSearchStrings() throws {
        let changed = try templates(withoutSearchStringsIn: "pt-BR")
        let defaultsWithoutPortuguese = ChangedTemplates(changes: [:], removedLocale: "pt-BR")

        let tables = try StringTables<SiteString>.load(locale: "pt-BR", from: changed, defaults: defaultsWithoutPortuguese)

        XCTAssertEqual(try tables.string(.searchNoResults), "No results")
    }

    /// The repository's templates with `locale`'s `Feed.strings` holding no `SEARCH_` key.
    private func templates(withoutSearchStringsIn locale: String) throws -> ChangedTemplates {
        let name = "\(locale).lproj/Feed.strings"
        let feedStrings = String(decoding: try XCTUnwrap(TemplatesFolder(repositoryTemplates()).read(name)), as: UTF8.self)
        let lines = feedStrings.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("\"SEARCH_") }
        return ChangedTemplates(changes: [name: lines.joined(separator: "\n")])
    }

    // MARK: - Helpers

    /// The search script element of `html`, whole, if it has one.
    private func scriptElement(in html: String) -> String? {
        guard let start = html.range(of: "<script src="), let end = html[start.lowerBound...].range(of: "</script>") else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The search script element of feed page `page` (of 2) up to its labels: its paths.
    private func searchPaths(_ renderer: SiteRenderer, page: Int) throws -> String? {
        let html = try renderer.render(FeedPageModel(number: page, pageCount: 2, entries: [], paths: renderer.paths))
        return scriptElement(in: html)?.components(separatedBy: " data-label=").first
    }
}

/// The repository's templates with some files replaced by the given text.
struct ChangedTemplates: TemplateSource {
    let base = TemplatesFolder(repositoryTemplates())
    let changes: [String: String]
    /// A locale whose tables are not there at all.
    var removedLocale: String?

    var path: String { base.path }

    func read(_ name: String) throws -> Data? {
        if let removedLocale, name.hasPrefix("\(removedLocale).lproj/") { return nil }
        if let text = changes[name] { return Data(text.utf8) }
        return try base.read(name)
    }

    func names() -> [String] {
        guard let removedLocale else { return base.names() }
        return base.names().filter { !$0.hasPrefix("\(removedLocale).lproj") }
    }
}
