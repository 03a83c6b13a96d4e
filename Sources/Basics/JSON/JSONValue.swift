/// A JSON value, as `JSONReader` reads it.
public enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public subscript(key: String) -> JSONValue? {
        guard case let .object(fields) = self else { return nil }
        return fields[key]
    }

    public var string: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    public var number: Double? {
        guard case let .number(value) = self else { return nil }
        return value
    }

    public var array: [JSONValue]? {
        guard case let .array(items) = self else { return nil }
        return items
    }
}
