import Basics
import FeedCore
import Foundation

/// JSON bodies shaped like the Essential Feed API's, built from domain values or
/// from raw fields so tests can break any rule on purpose.
enum FeedAPIPayloads {
    /// `{"items":[…]}` around raw item objects.
    static func items(_ items: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["items": items], options: [.sortedKeys])
    }

    static func page(_ images: [FeedImage]) -> Data {
        items(images.map(item))
    }

    /// An item object; `description`/`location` are left out when nil.
    static func item(_ image: FeedImage) -> [String: Any] {
        var json: [String: Any] = ["id": image.id.uuidString, "image": image.url.absoluteString]
        if let description = image.description { json["description"] = description }
        if let location = image.location { json["location"] = location }
        return json
    }

    static func comments(_ comments: [ImageComment]) -> Data {
        items(comments.map(comment))
    }

    /// A comment object, `created_at` written the way the production API does (`+0000`).
    static func comment(_ comment: ImageComment) -> [String: Any] {
        [
            "id": comment.id.uuidString,
            "message": comment.message,
            "created_at": ISO8601Date.format(comment.createdAt).replacingOccurrences(of: "Z", with: "+0000"),
            "author": ["username": comment.username],
        ]
    }
}
