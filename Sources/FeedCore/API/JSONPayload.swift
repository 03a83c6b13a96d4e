import Basics
import Foundation

/// Reads an API body with our own strict JSON reader rather than `JSONDecoder`
/// (BENCHMARKS.md, "What each trick buys", row "our own JSON reader") and walks it field by
/// field, with errors that say where, counting items from 1 as people do:
/// `items[2].author.username: missing`.
enum JSONPayload {
    /// The elements of `items` in a body `{"items": [ … ]}`.
    static func items(_ data: Data) throws(MappingError) -> [Object] {
        let root: JSONValue
        do {
            root = try JSONReader.read(data)
        } catch {
            throw MappingError("body is not JSON: \(error.message) at offset \(error.offset)")
        }
        guard case let .object(fields) = root else { throw MappingError("body is not a JSON object with items") }
        guard let items = fields["items"] else { throw MappingError("items: missing") }
        guard case let .array(elements) = items else { throw MappingError("items: wrong type") }
        return try elements.enumerated().map { (index, element) throws(MappingError) in
            try Object(element, path: "items[\(index + 1)]")
        }
    }

    /// A JSON object and where it sits in the body.
    struct Object {
        let fields: [String: JSONValue]
        let path: String

        init(_ value: JSONValue, path: String) throws(MappingError) {
            guard case let .object(fields) = value else { throw MappingError("\(path): wrong type") }
            self.fields = fields
            self.path = path
        }

        /// A required string.
        func string(_ key: String) throws(MappingError) -> String {
            guard let value = fields[key] else { throw MappingError("\(path).\(key): missing") }
            guard case let .string(text) = value else { throw MappingError("\(path).\(key): wrong type") }
            return text
        }

        /// A string that may be missing or null.
        func optionalString(_ key: String) throws(MappingError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case let .string(text)?: return text
            default: throw MappingError("\(path).\(key): wrong type")
            }
        }

        /// A required object.
        func object(_ key: String) throws(MappingError) -> Object {
            guard let value = fields[key] else { throw MappingError("\(path).\(key): missing") }
            return try Object(value, path: "\(path).\(key)")
        }
    }
}
