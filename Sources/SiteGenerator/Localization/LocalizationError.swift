/// A string table problem, naming the table, key, locale and file involved.
public enum LocalizationError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownLocale(String, available: [String], folder: String)
    case missingKey(table: String, key: String, locale: String, file: String)
    case missingTable(table: String, locale: String, file: String)
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownLocale(locale, available, folder):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no string tables for locale '\(locale)' in \(folder) (available: \(list))"
        case let .missingKey(table, key, locale, file):
            return "missing key \(key) in table \(table) for locale \(locale) (\(file))"
        case let .missingTable(table, locale, file):
            return "string table \(file) is missing; locale \(locale) needs its table \(table)"
        case let .unreadable(file, reason):
            return "cannot read string table \(file): \(reason)"
        }
    }
}
