import Foundation

/// One locale's string tables, read from `<templates>/<locale>.lproj/<Table>.strings`, for
/// the keys of one type (`SiteString` for the site).
///
/// Locale names match case-insensitively and with `_` or `-` (`pt_br` finds `pt-BR.lproj`).
/// Every key of `Key` is looked up when the tables load, so a missing translation stops the
/// run before anything is fetched or written, and no key can be asked for that was not.
public struct StringTables<Key: StringTableKey>: Sendable {
    /// The locale as its folder spells it, e.g. `pt-BR`.
    public let locale: String
    private let tables: [String: [String: String]]
    private let files: [String: String]

    /// Loads `locale`'s tables and checks that every key of `Key` is there: the tables the
    /// keys are in, by name, each key in its type's order. A key that `mayComeFromDefaults`
    /// and is not there is taken from `defaults` (the built-in tables): the same locale's,
    /// else English.
    public static func load(
        locale requested: String, from templates: TemplateSource, defaults: TemplateSource? = nil
    ) throws(LocalizationError) -> StringTables {
        let available = templates.locales()
        let wanted = normalized(requested)
        guard let locale = available.first(where: { normalized($0) == wanted }) else {
            throw .unknownLocale(requested, available: available, folder: templates.path)
        }
        var tables: [String: [String: String]] = [:]
        var files: [String: String] = [:]
        let tableNames = Set(Key.allCases.map(\.table)).sorted()
        for table in tableNames {
            let name = "\(locale).lproj/\(table).strings"
            let file = templates.path(of: name)
            files[table] = file
            let found: Data?
            do {
                found = try templates.read(name)
            } catch {
                throw .unreadable(file: file, reason: "\(error)")
            }
            guard let data = found else {
                // A table that came after themes (every key of it may come from the defaults)
                // may be missing whole.
                guard Key.allCases.allSatisfy({ $0.table != table || $0.mayComeFromDefaults }), defaults != nil else {
                    throw .missingTable(table: table, locale: locale, file: file)
                }
                continue
            }
            do {
                tables[table] = try StringsFileParser.parse(data)
            } catch {
                throw .unreadable(file: file, reason: error.description)
            }
        }
        let missing = Key.allCases.filter { $0.mayComeFromDefaults && tables[$0.table]?[$0.name] == nil }
        if let defaults, !missing.isEmpty {
            let builtIn: StringTables
            if let same = try? load(locale: locale, from: defaults) {
                builtIn = same
            } else {
                builtIn = try load(locale: "en", from: defaults)
            }
            for key in missing {
                tables[key.table, default: [:]][key.name] = try builtIn.string(key)
            }
        }
        let loaded = StringTables(locale: locale, tables: tables, files: files)
        for table in tableNames {
            for key in Key.allCases where key.table == table {
                _ = try loaded.string(key)
            }
        }
        return loaded
    }

    public func string(_ key: Key) throws(LocalizationError) -> String {
        guard let value = tables[key.table]?[key.name] else {
            throw .missingKey(table: key.table, key: key.name, locale: locale, file: files[key.table] ?? "\(locale).lproj/\(key.table).strings")
        }
        return value
    }

    /// The string with `%@` (in order) or `%1$@`, `%2$@` … replaced by `arguments`; `%%` is `%`.
    public func string(_ key: Key, _ arguments: String...) throws(LocalizationError) -> String {
        StringFormat.substitute(try string(key), arguments)
    }

    private static func normalized(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
