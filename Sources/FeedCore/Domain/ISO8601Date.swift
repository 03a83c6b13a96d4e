import Foundation

/// ISO 8601 timestamps as the API writes them: `2020-05-20T11:24:59+0000`, `+00:00`, `Z`,
/// with or without fractional seconds.
public enum ISO8601Date {
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// `2020-05-20T11:24:59Z`, in UTC, whole seconds: stable output for pages and manifests.
    public static func format(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }
}
