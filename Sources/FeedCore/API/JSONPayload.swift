import Foundation

/// Decodes an API body, turning `DecodingError` into a `MappingError` that says where.
enum JSONPayload {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw MappingError(describe(error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return "body is not JSON"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): malformed value"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return context.codingPath.isEmpty ? "body is not a JSON object with items" : "\(path(context.codingPath)): wrong type"
        @unknown default:
            return "undecodable body"
        }
    }

    /// `items[2].author.username`, counting items from 1 as people do.
    private static func path(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index + 1)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
