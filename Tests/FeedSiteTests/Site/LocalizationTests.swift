import FeedSiteCLI
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// The repository's real string tables: every locale has every key the site uses, and all
/// locales have the same tables with the same keys and placeholders.
final class LocalizationTests: XCTestCase {
    func test_templates_haveEnglishGreekAndBrazilianPortuguese() {
        let locales = TemplatesFolder(repositoryTemplates()).locales()

        for locale in ["en", "el", "pt-BR"] {
            XCTAssertTrue(locales.contains(locale), "\(locale) missing from \(locales)")
        }
    }

    func test_everyLocale_hasEveryKeyTheSiteUses() throws {
        let tables = try allTables()
        XCTAssertFalse(tables.isEmpty)

        for (locale, localeTables) in tables.sorted(by: { $0.key < $1.key }) {
            for key in SiteString.allCases {
                let (table, name) = (key.table, key.name)
                let value = localeTables[table]?[name]
                XCTAssertNotNil(value, "key \(name) of table \(table) is missing in \(locale).lproj/\(table).strings")
                XCTAssertNotEqual(value?.trimmingCharacters(in: .whitespacesAndNewlines), "", "key \(name) of table \(table) is empty in locale \(locale)")
            }
        }
    }

    func test_everyLocale_loadsWithTheKeysTheSiteUses() {
        for locale in TemplatesFolder(repositoryTemplates()).locales() {
            XCTAssertNoThrow(try StringTables<SiteString>.load(locale: locale, from: TemplatesFolder(repositoryTemplates())), locale)
        }
    }

    func test_everyLocale_hasTheSameTablesWithTheSameKeys() throws {
        let tables = try allTables()
        let allTableNames = Set(tables.values.flatMap(\.keys))

        for tableName in allTableNames.sorted() {
            let allKeys = Set(tables.values.flatMap { $0[tableName]?.keys.map { $0 } ?? [] })
            for (locale, localeTables) in tables.sorted(by: { $0.key < $1.key }) {
                guard let table = localeTables[tableName] else {
                    XCTFail("\(locale).lproj has no \(tableName).strings")
                    continue
                }
                let missing = allKeys.subtracting(table.keys).sorted()
                XCTAssertEqual(missing, [], "\(locale).lproj/\(tableName).strings lacks keys other locales have")
            }
        }
    }

    func test_everyLocale_usesTheSamePlaceholdersForEachKey() throws {
        let tables = try allTables()
        guard let english = tables["en"] else { return XCTFail("no en tables") }

        for (locale, localeTables) in tables where locale != "en" {
            for (tableName, table) in english {
                for (key, value) in table {
                    guard let translation = localeTables[tableName]?[key] else { continue }
                    XCTAssertEqual(placeholders(in: translation), placeholders(in: value), "\(key) in \(locale).lproj/\(tableName).strings")
                }
            }
        }
    }

    func test_feedTitle_isLocalized() throws {
        XCTAssertEqual(try string(.feedViewTitle, locale: "en"), "My Feed")
        XCTAssertEqual(try string(.feedViewTitle, locale: "pt-BR"), "Meu Feed")
        XCTAssertEqual(try string(.feedViewTitle, locale: "el"), "Το Feed μου")
    }

    func test_commentsTitle_isLocalized() throws {
        XCTAssertEqual(try string(.imageCommentsViewTitle, locale: "en"), "Comments")
        XCTAssertEqual(try string(.imageCommentsViewTitle, locale: "pt-BR"), "Comentários")
        XCTAssertEqual(try string(.imageCommentsViewTitle, locale: "el"), "Σχόλια")
    }

    func test_connectionError_isInTheSharedTableOfEveryLocale() throws {
        XCTAssertEqual(try string(.genericConnectionError, locale: "en"), "Couldn't connect to server")
        for locale in ["pt-BR", "el"] {
            let message = try string(.genericConnectionError, locale: locale)
            XCTAssertFalse(message.isEmpty, locale)
            XCTAssertNotEqual(message, "Couldn't connect to server", "\(locale) should be translated")
        }
    }

    func test_pagePosition_isFormattedInEveryLocale() throws {
        XCTAssertEqual(try strings("en").string(.feedPagePosition, "2", "3"), "Page 2 of 3")
        XCTAssertEqual(try strings("pt-BR").string(.feedPagePosition, "2", "3"), "Página 2 de 3")
        XCTAssertEqual(try strings("el").string(.feedPagePosition, "2", "3"), "Σελίδα 2 από 3")
    }

    func test_tablesAreTheOnesTheSpecNames() throws {
        for (locale, tables) in try allTables() {
            XCTAssertTrue(Set(tables.keys).isSuperset(of: ["Feed", "ImageComments", "Shared"]), "\(locale): \(tables.keys.sorted())")
        }
    }

    // MARK: - Helpers

    /// Every `.strings` file under `Templates/*.lproj`, parsed: locale → table → key → value.
    private func allTables() throws -> [String: [String: [String: String]]] {
        let templates = repositoryTemplates()
        var result: [String: [String: [String: String]]] = [:]
        for locale in TemplatesFolder(templates).locales() {
            let folder = templates.appendingPathComponent("\(locale).lproj")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".strings") }
            var tables: [String: [String: String]] = [:]
            for file in files {
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                do {
                    tables[String(file.dropLast(".strings".count))] = try StringsFileParser.parse(data)
                } catch {
                    XCTFail("\(locale).lproj/\(file): \(error)")
                }
            }
            result[locale] = tables
        }
        return result
    }

    private func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            let tail = rest[rest.index(after: percent)...]
            let spec = tail.prefix(while: { $0.isNumber || $0 == "$" })
            let conversion = tail.dropFirst(spec.count).first.map(String.init) ?? ""
            found.append("%" + spec + conversion)
            rest = tail.dropFirst(spec.count + (conversion.isEmpty ? 0 : 1))
        }
        return found.sorted()
    }

    private func strings(_ locale: String) throws -> StringTables<SiteString> {
        try StringTables<SiteString>.load(locale: locale, from: TemplatesFolder(repositoryTemplates()))
    }

    private func string(_ key: SiteString, locale: String) throws -> String {
        try strings(locale).string(key)
    }
}
