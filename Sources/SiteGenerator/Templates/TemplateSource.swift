import Foundation

/// Where the site's templates and string tables come from. The site module reads only
/// through it and does no I/O of its own: the tool hands in the templates built into it or
/// a folder on disk (`--templates`), a test may hand in files from memory.
public protocol TemplateSource: Sendable {
    /// Where the templates are, for messages: a folder's path.
    var path: String { get }
    /// The bytes of the file at `name`, a path inside the folder (`el.lproj/Feed.strings`),
    /// or `nil` when there is no such file. Its error's description is the reason alone
    /// ("Permission denied").
    func read(_ name: String) throws -> Data?
    /// The names at the top of the folder; none when it cannot be read.
    func names() -> [String]
    /// How messages name the file at `name`; by default its full path.
    func path(of name: String) -> String
}

extension TemplateSource {
    public func path(of name: String) -> String {
        path + "/" + name
    }
}
