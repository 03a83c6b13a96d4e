/// What a template can show. Text is escaped wherever it appears; `html` is markup the
/// tool itself produced (a rendered page body), the only value `{{{raw}}}` accepts.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case html(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Text when present; `false` when `nil`, so `{{#name}}…{{/name}}` shows it only if there.
    public static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.text) ?? .bool(false)
    }

    /// How many values this one is made of, itself included: what a render's budget of
    /// steps is worked out from.
    var valueCount: Int {
        switch self {
        case let .list(items): items.reduce(1) { $0 + $1.valueCount }
        case let .object(fields): fields.values.reduce(1) { $0 + $1.valueCount }
        case .text, .html, .bool: 1
        }
    }

    var isTruthy: Bool {
        switch self {
        case let .text(text): !text.isEmpty
        case let .html(html): !html.isEmpty
        case let .bool(flag): flag
        case let .list(items): !items.isEmpty
        case .object: true
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}
