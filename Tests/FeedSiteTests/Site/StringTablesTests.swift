import FeedSiteCLI
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// Loading one locale's tables from a templates folder written by the test itself.
final class StringTablesTests: XCTestCase {
    func test_availableLocales_listsTheLprojFoldersSorted() throws {
        let templates = try makeTemplates()
        try SiteFixtures.write(["feed.html": "", "notes.txt": ""], under: templates)

        XCTAssertEqual(TemplatesFolder(templates).locales(), ["el", "en", "pt-BR"])
    }

    func test_availableLocales_ofMissingFolderIsEmpty() throws {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("missing")

        XCTAssertEqual(TemplatesFolder(folder).locales(), [])
    }

    func test_load_readsTheRequestedLocalesTables() throws {
        let tables = try StringTables<TestString>.load(locale: "el", from: TemplatesFolder(try makeTemplates()))

        XCTAssertEqual(tables.locale, "el")
        XCTAssertEqual(try tables.string(.title), "Το Feed μου")
        XCTAssertEqual(try tables.string(.error), "Σφάλμα")
    }

    func test_load_matchesLocaleNamesCaseInsensitively() throws {
        let templates = try makeTemplates()

        for requested in ["pt-BR", "pt-br", "PT-BR", "Pt-bR", "EN", "El"] {
            let tables = try StringTables<TestString>.load(locale: requested, from: TemplatesFolder(templates))
            XCTAssertEqual(tables.locale.lowercased(), requested.lowercased(), requested)
        }
    }

    func test_load_acceptsUnderscoreForHyphen() throws {
        let templates = try makeTemplates()

        for requested in ["pt_BR", "pt_br"] {
            let tables = try StringTables<TestString>.load(locale: requested, from: TemplatesFolder(templates))
            XCTAssertEqual(tables.locale, "pt-BR", "the locale as its folder spells it")
            XCTAssertEqual(try tables.string(.title), "Meu Feed")
        }
    }

    func test_load_throwsForUnknownLocaleListingTheAvailableOnes() throws {
        let templates = try makeTemplates()

        XCTAssertThrowsError(try StringTables<TestString>.load(locale: "fr", from: TemplatesFolder(templates))) { error in
            XCTAssertEqual(error as? LocalizationError, .unknownLocale("fr", available: ["el", "en", "pt-BR"], folder: templates.path))
            XCTAssertTrue("\(error)".contains("'fr'"), "\(error)")
            XCTAssertTrue("\(error)".contains("available: el, en, pt-BR"), "\(error)")
        }
    }

    func test_load_throwsForUnknownLocaleInFolderWithoutTables() throws {
        let folder = try makeTemporaryFolder(for: self)

        XCTAssertThrowsError(try StringTables<TestString>.load(locale: "en", from: TemplatesFolder(folder))) { error in
            XCTAssertEqual(error as? LocalizationError, .unknownLocale("en", available: [], folder: folder.path))
            XCTAssertTrue("\(error)".contains("available: none"), "\(error)")
        }
    }

    func test_load_throwsForMissingKeyNamingTableKeyAndLocale() throws {
        let templates = try makeTemplates()
        let file = templates.appendingPathComponent("pt-BR.lproj/Feed.strings")
        try Data(#""TITLE" = "Meu Feed";"#.utf8).write(to: file)

        XCTAssertThrowsError(try StringTables<FeedWithNext>.load(locale: "pt-BR", from: TemplatesFolder(templates))) { error in
            XCTAssertEqual(error as? LocalizationError, .missingKey(table: "Feed", key: "NEXT", locale: "pt-BR", file: file.path))
            let message = "\(error)"
            for part in ["Feed", "NEXT", "pt-BR", file.path] {
                XCTAssertTrue(message.contains(part), "\(message) should name \(part)")
            }
        }
    }

    func test_load_throwsForMissingTableFile() throws {
        let templates = try makeTemplates()
        let file = templates.appendingPathComponent("en.lproj/Shared.strings")
        try FileManager.default.removeItem(at: file)

        XCTAssertThrowsError(try StringTables<TestString>.load(locale: "en", from: TemplatesFolder(templates))) { error in
            XCTAssertEqual(error as? LocalizationError, .missingTable(table: "Shared", locale: "en", file: file.path))
            XCTAssertEqual("\(error)", "string table \(file.path) is missing; locale en needs its table Shared")
        }
    }

    func test_load_throwsForMalformedTableWithFileAndLine() throws {
        let templates = try makeTemplates()
        let file = templates.appendingPathComponent("el.lproj/Feed.strings")
        try Data("\"TITLE\" = \"x\";\n\"NEXT\" \"y\";\n".utf8).write(to: file)

        XCTAssertThrowsError(try StringTables<TestString>.load(locale: "el", from: TemplatesFolder(templates))) { error in
            guard case let .unreadable(path, reason) = error as? LocalizationError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file.path)
            XCTAssertTrue(reason.contains("line 2"), reason)
        }
    }

    // MARK: - Formats

    func test_stringWithArguments_replacesPlaceholdersInOrder() throws {
        XCTAssertEqual(try formats().string(.greeting, "Ada", "Alan"), "Hello, Ada and Alan!")
    }

    func test_stringWithArguments_replacesPositionalPlaceholders() throws {
        XCTAssertEqual(try formats().string(.reordered, "first", "second"), "second before first")
    }

    func test_stringWithArguments_replacesIntegerPlaceholders() throws {
        XCTAssertEqual(try formats().string(.count, "3"), "3 items")
    }

    func test_stringWithArguments_turnsDoublePercentIntoPercent() throws {
        XCTAssertEqual(try formats().string(.percent, "done"), "100% done")
    }

    func test_stringWithArguments_keepsALonePercentSign() throws {
        XCTAssertEqual(try formats().string(.lone), "50% off, 10 %")
    }

    func test_stringWithArguments_insertsArgumentsVerbatim() throws {
        XCTAssertEqual(try formats().string(.greeting, "%@", "%1$@ <b>"), "Hello, %@ and %1$@ <b>!")
    }

    func test_stringWithoutArguments_keepsPlaceholders() throws {
        XCTAssertEqual(try formats().string(.greeting), "Hello, %@ and %@!")
    }

    // MARK: - Helpers

    private enum TestString: String, StringTableKey {
        case title = "TITLE"
        case error = "ERROR"

        var table: String { self == .title ? "Feed" : "Shared" }
    }

    private enum FeedWithNext: String, StringTableKey {
        case title = "TITLE"
        case next = "NEXT"

        var table: String { "Feed" }
    }

    private enum FormatString: String, StringTableKey {
        case greeting = "GREETING"
        case reordered = "REORDERED"
        case count = "COUNT"
        case percent = "PERCENT"
        case lone = "LONE"

        var table: String { "Formats" }
    }

    private func makeTemplates() throws -> URL {
        let templates = try makeTemporaryFolder(for: self).appendingPathComponent("Templates")
        try SiteFixtures.write(
            [
                "en.lproj/Feed.strings": #""TITLE" = "My Feed";"#,
                "en.lproj/Shared.strings": #""ERROR" = "Error";"#,
                "el.lproj/Feed.strings": #""TITLE" = "Το Feed μου";"#,
                "el.lproj/Shared.strings": #""ERROR" = "Σφάλμα";"#,
                "pt-BR.lproj/Feed.strings": #""TITLE" = "Meu Feed";"#,
                "pt-BR.lproj/Shared.strings": #""ERROR" = "Erro";"#,
            ],
            under: templates
        )
        return templates
    }

    private func formats() throws -> StringTables<FormatString> {
        let templates = try makeTemplates()
        try SiteFixtures.write(
            [
                "en.lproj/Formats.strings": """
                "GREETING" = "Hello, %@ and %@!";
                "REORDERED" = "%2$@ before %1$@";
                "COUNT" = "%d items";
                "PERCENT" = "100%% %@";
                "LONE" = "50% off, 10 %";
                """
            ],
            under: templates
        )
        return try StringTables<FormatString>.load(locale: "en", from: TemplatesFolder(templates))
    }
}
