import FileSystem
import Foundation

/// What an item's comments page in a snapshot shows, read back from the page itself for the
/// page of what changed: its picture at the smallest size the page offers, and its comments
/// (author, time, words), in the page's order. A page made from other templates may show
/// neither where these look; it then gives none, and the page of what changed counts instead.
public struct SnapshotItemPage: Equatable, Sendable {
    /// The picture's path from the snapshot's root; `nil` when the page shows none.
    public let picture: String?
    public let comments: [Comment]

    public init(picture: String?, comments: [Comment]) {
        self.picture = picture
        self.comments = comments
    }

    public struct Comment: Equatable, Sendable {
        public let username: String
        /// The time as the page gives it (ISO 8601), and as it writes it whole.
        public let date: String
        public let dateText: String
        public let message: String
    }

    /// The page at `page` (a path from the snapshot's root) in the snapshot's `folder`;
    /// `nil` when it cannot be read.
    public static func read(_ page: String, in folder: String) -> SnapshotItemPage? {
        guard let data = try? PlainFile.readRegular(folder + "/" + page, maxBytes: 64 << 20) else { return nil }
        return parse(String(decoding: data, as: UTF8.self), at: page)
    }

    public static func parse(_ html: String, at page: String) -> SnapshotItemPage {
        SnapshotItemPage(picture: picture(in: html, at: page), comments: comments(in: html))
    }

    /// The smallest candidate of the photo's `<img>` (in the viewer, or in the subject of a
    /// page made before the viewer): its `srcset`'s narrowest, else its `src`.
    private static func picture(in html: String, at page: String) -> String? {
        guard let subject = html.range(of: "class=\"viewer\"") ?? html.range(of: "class=\"subject\""),
            let tag = html.range(of: "<img ", range: subject.upperBound..<html.endIndex),
            let end = html.range(of: ">", range: tag.upperBound..<html.endIndex)
        else { return nil }
        let attributes = html[tag.upperBound..<end.lowerBound]
        var address = value(of: "src", in: attributes)
        if let set = value(of: "srcset", in: attributes) {
            address = PageLinks.sourceSet(set).min { ($0.width ?? .max) < ($1.width ?? .max) }?.address ?? address
        }
        return address.flatMap { PageLinks.resolved($0, onPage: page) }
    }

    private static func comments(in html: String) -> [Comment] {
        var comments: [Comment] = []
        var rest = html[...]
        while let user = rest.range(of: "<span class=\"username\">") {
            rest = rest[user.upperBound...]
            guard let userEnd = rest.range(of: "</span>") else { break }
            let username = rest[..<userEnd.lowerBound]
            rest = rest[userEnd.upperBound...]
            guard let time = rest.range(of: "<time "), let timeEnd = rest.range(of: "</time>"), time.lowerBound < timeEnd.lowerBound else { break }
            let attributes = rest[time.upperBound..<timeEnd.lowerBound]
            rest = rest[timeEnd.upperBound...]
            guard let messageStart = rest.range(of: "<p class=\"message\">"),
                let messageEnd = rest.range(of: "</p>", range: messageStart.upperBound..<rest.endIndex)
            else { break }
            let message = rest[messageStart.upperBound..<messageEnd.lowerBound]
            rest = rest[messageEnd.upperBound...]
            let closed = attributes.firstIndex(of: ">").map { attributes[..<$0] } ?? attributes
            comments.append(
                Comment(
                    username: HTMLEntities.unescaped(String(username)), date: HTMLEntities.unescaped(value(of: "datetime", in: closed) ?? ""),
                    dateText: HTMLEntities.unescaped(value(of: "title", in: closed) ?? ""), message: HTMLEntities.unescaped(String(message))))
        }
        return comments
    }

    /// The value of attribute `name` among `attributes`, as written (escaped).
    private static func value(of name: String, in attributes: Substring) -> String? {
        var rest = attributes
        while let found = rest.range(of: name + "=\"") {
            let before = found.lowerBound == rest.startIndex ? " " : rest[rest.index(before: found.lowerBound)]
            rest = rest[found.upperBound...]
            guard before.isWhitespace else { continue }
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }
        return nil
    }
}
