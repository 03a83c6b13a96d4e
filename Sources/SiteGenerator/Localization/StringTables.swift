import Foundation

/// One locale's string tables, read from `<templates>/<locale>.lproj/<Table>.strings`.
///
/// Locale names match case-insensitively and with `_` or `-` (`pt_br` finds `pt-BR.lproj`).
/// Every key the site uses is checked when the tables load, so a missing translation stops
/// the run before anything is fetched or written.
public struct StringTables: Sendable {
    /// The locale as its folder spells it, e.g. `pt-BR`.
    public let locale: String
    private let tables: [String: [String: String]]
    private let files: [String: String]

    public init(locale: String, tables: [String: [String: String]], files: [String: String] = [:]) {
        self.locale = locale
        self.tables = tables
        self.files = files
    }

    /// The locales that have a `.lproj` folder, sorted.
    public static func availableLocales(in templates: TemplateSource) -> [String] {
        templates.names().filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }.sorted()
    }

    /// Loads `locale`'s tables and checks that every key in `required` (table → keys) is there.
    public static func load(locale requested: String, from templates: TemplateSource, required: [String: [String]]) throws(LocalizationError) -> StringTables {
        let available = availableLocales(in: templates)
        let wanted = normalized(requested)
        guard let locale = available.first(where: { normalized($0) == wanted }) else {
            throw .unknownLocale(requested, available: available, folder: templates.path)
        }
        var tables: [String: [String: String]] = [:]
        var files: [String: String] = [:]
        for table in required.keys.sorted() {
            let name = "\(locale).lproj/\(table).strings"
            let file = templates.path(of: name)
            files[table] = file
            let found: Data?
            do {
                found = try templates.read(name)
            } catch {
                throw .unreadable(file: file, reason: "\(error)")
            }
            guard let data = found else { throw .missingTable(table: table, locale: locale, file: file) }
            do {
                tables[table] = try StringsFileParser.parse(data)
            } catch {
                throw .unreadable(file: file, reason: error.description)
            }
        }
        let loaded = StringTables(locale: locale, tables: tables, files: files)
        for (table, keys) in required.sorted(by: { $0.key < $1.key }) {
            for key in keys {
                _ = try loaded.string(key, table: table)
            }
        }
        return loaded
    }

    public func string(_ key: String, table: String) throws(LocalizationError) -> String {
        guard let value = tables[table]?[key] else {
            throw .missingKey(table: table, key: key, locale: locale, file: files[table] ?? "\(locale).lproj/\(table).strings")
        }
        return value
    }

    /// The string with `%@` (in order) or `%1$@`, `%2$@` … replaced by `arguments`; `%%` is `%`.
    public func string(_ key: String, table: String, _ arguments: String...) throws(LocalizationError) -> String {
        StringFormat.substitute(try string(key, table: table), arguments)
    }

    private static func normalized(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
