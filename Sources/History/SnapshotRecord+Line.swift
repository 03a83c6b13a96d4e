import Basics
import Foundation

/// A record as a line of `snapshot.jsonl`, and back.
extension SnapshotRecord {
    /// One JSON object on one line, ending with a line break, its members in a fixed order.
    public var line: String {
        var line =
            "{\"id\": \(JSONText.quoted(id.text)), \"description\": \(JSONText.quotedOrNull(description)), \"location\": \(JSONText.quotedOrNull(location))"
        line += ", \"image\": \(JSONText.quoted(imageURL)), \"sha256\": \(JSONText.quotedOrNull(imageSHA256))"
        line += ", \"comments\": " + (commentIDs.map { "[" + $0.map(JSONText.quoted).joined(separator: ", ") + "]" } ?? "null")
        line += ", \"comments_digest\": \(JSONText.quoted(commentsDigest)), \"page\": \(JSONText.quoted(page))}\n"
        return line
    }

    /// The record a line holds, `nil` when it is not one.
    public init?(_ json: JSONValue) {
        guard let idText = json["id"]?.string, let id = UUID(uuidString: idText), let imageURL = json["image"]?.string,
            let commentsDigest = json["comments_digest"]?.string, let page = json["page"]?.string
        else { return nil }
        self.init(
            id: id, description: json["description"]?.string, location: json["location"]?.string, imageURL: imageURL,
            imageSHA256: json["sha256"]?.string, commentIDs: json["comments"]?.array?.compactMap(\.string), commentsDigest: commentsDigest,
            page: page)
    }
}
