import Basics
import Foundation

/// The values options take: paths, numbers in their ranges, widths, the run's clock.
extension ArgumentParser {
    static func path(_ values: [String: [String]], _ name: String) throws(UsageError) -> String? {
        guard let value = values[name]?.first else { return nil }
        guard !value.isEmpty else { throw UsageError("--\(name) needs a path") }
        return value
    }

    static func integer(_ values: [String: [String]], _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name]?.first else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// `--image-widths`: widths in pixels separated by commas, or `none`.
    static func imageWidths(_ values: [String: [String]]) throws(UsageError) -> [Int]? {
        guard let text = values["image-widths"]?.first else { return nil }
        if text == "none" { return [] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let widths = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard widths.count == parts.count, widths.count <= 10, widths.allSatisfy({ (16...8192).contains($0) }) else {
            throw UsageError(
                "--image-widths needs up to 10 widths in pixels from 16 to 8192, separated by commas (such as 480,960,1600), or none, got '\(text)'")
        }
        return Array(Set(widths)).sorted()
    }

    static func positiveNumber(_ values: [String: [String]], _ name: String, upTo limit: Double, of unit: String) throws(UsageError) -> Double? {
        guard let text = values[name]?.first else { return nil }
        guard let value = Double(text), value > 0, value <= limit else {
            throw UsageError("--\(name) needs a number of \(unit) above 0 and up to \(Int(limit)), got '\(text)'")
        }
        return value
    }

    /// `YYYY-MM-DD` alone: that day's midnight, UTC; `nil` for a day the month lacks
    /// (which Foundation's parser would carry into the next month).
    private static func dateAlone(_ text: String) -> Date? {
        guard text.utf8.count == 10, let date = ISO8601Date.parse(text + "T00:00:00Z"), ISO8601Date.format(date) == text + "T00:00:00Z" else {
            return nil
        }
        return date
    }

    /// `--now`, else `SOURCE_DATE_EPOCH` (seconds since 1970), else `nil` (the current time).
    static func now(_ values: [String: [String]], environment: [String: String]) throws(UsageError) -> Date? {
        if let text = values["now"]?.first {
            guard let date = ISO8601Date.parse(text) ?? dateAlone(text) else {
                throw UsageError("--now needs a date such as 2024-05-20 (midnight UTC) or an ISO 8601 time such as 2024-05-20T11:24:59Z, got '\(text)'")
            }
            return date
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int(epoch) else {
                throw UsageError("SOURCE_DATE_EPOCH needs a whole number of seconds since 1970, got '\(epoch)'")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return nil
    }
}
