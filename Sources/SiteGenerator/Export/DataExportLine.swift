import Basics
import FeedCore
import Foundation

/// One line of `data/items.jsonl` (`--export-data`): an item, its image and its comments as
/// data, one JSON object on one line, ending with a line break.
///
/// Written by hand with the members in a fixed order and no clock but the data's own, so the
/// same data gives the same bytes. Every member is always there, `null` when it has no
/// value. Names are the API's where the API has one (snake case; each comment exactly in the
/// API's shape: `id`, `message`, `created_at`, `author.username`), so a reader of the API
/// reads these too; the item's image URL, the API's `image`, is `image.url`. The article
/// "Exported data" (`FeedSiteCLI/FeedSite.docc/Articles/ExportedData.md`) describes every
/// member.
public enum DataExportLine {
    /// An item's comments and where they came from.
    public enum Comments: Equatable, Sendable {
        case live([ImageComment])
        /// From the comments cache, saved at `savedAt`, because the API did not answer.
        case cached([ImageComment], savedAt: Date)
        /// Neither the API nor the cache had them.
        case unavailable
    }

    public static func encode(_ entry: SiteEntry, comments: Comments) -> String {
        var line = "{\"id\": \(JSONText.quoted(entry.id.text))"
        line.reserveCapacity(512)
        line += ", \"description\": \(JSONText.quotedOrNull(entry.description))"
        line += ", \"location\": \(JSONText.quotedOrNull(entry.location))"
        line += ", \"first_seen\": \(date(entry.firstSeen))"
        line += ", \"image\": {\"url\": \(JSONText.quoted(entry.originalURL))"
        if let stored = entry.stored {
            line += ", \"status\": \"published\", \"path\": \(JSONText.quoted(SitePaths.image(stored)))"
            line += ", \"sha256\": \"\(stored.sha256)\", \"media_type\": \(JSONText.quoted(stored.format.mediaType))"
            line += ", \"bytes\": \(stored.byteCount)"
            line += ", \"width\": \(number(stored.dimensions?.width)), \"height\": \(number(stored.dimensions?.height))}"
        } else {
            line += ", \"status\": \"failed\", \"path\": null, \"sha256\": null, \"media_type\": null, \"bytes\": null, \"width\": null, \"height\": null}"
        }
        switch comments {
        case let .live(list):
            line += ", \"comments\": {\"source\": \"live\", \"saved_at\": null, \"items\": "
            append(list, to: &line)
        case let .cached(list, savedAt):
            line += ", \"comments\": {\"source\": \"cache\", \"saved_at\": \(date(savedAt)), \"items\": "
            append(list, to: &line)
        case .unavailable:
            line += ", \"comments\": {\"source\": \"unavailable\", \"saved_at\": null, \"items\": null"
        }
        return line + "}}\n"
    }

    private static func append(_ comments: [ImageComment], to line: inout String) {
        line += "["
        for (index, comment) in comments.enumerated() {
            if index > 0 { line += ", " }
            line += "{\"id\": \(JSONText.quoted(comment.id.text)), \"message\": \(JSONText.quoted(comment.message))"
            line += ", \"created_at\": \(date(comment.createdAt)), \"author\": {\"username\": \(JSONText.quoted(comment.username))}}"
        }
        line += "]"
    }

    private static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }

    /// ISO 8601 in UTC, with milliseconds only when the date has a fraction of a second.
    private static func date(_ value: Date) -> String {
        JSONText.quoted(ISO8601Date.formatKeepingFraction(value))
    }
}
