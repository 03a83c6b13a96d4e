/// A template that cannot be parsed or rendered, with its name and line.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let template: String
    public let line: Int
    public let message: String

    public init(template: String, line: Int, message: String) {
        self.template = template
        self.line = line
        self.message = message
    }

    public var description: String { "\(template):\(line): \(message)" }
}
