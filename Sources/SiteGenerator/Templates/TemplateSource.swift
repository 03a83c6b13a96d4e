import Foundation

/// Where the site's templates and string tables come from. The site module reads only
/// through it and does no I/O of its own: the tool hands in a folder on disk
/// (`TemplatesFolder`, in the command line), a test may hand in files from memory.
public protocol TemplateSource: Sendable {
    /// The folder's path, for messages.
    var path: String { get }
    /// The bytes of the file at `name`, a path inside the folder (`el.lproj/Feed.strings`).
    /// Its error's description is the reason alone ("No such file or directory").
    func read(_ name: String) throws -> Data
    /// The names at the top of the folder; none when it cannot be read.
    func names() -> [String]
}

extension TemplateSource {
    /// The full path of `name`, for messages.
    func path(of name: String) -> String {
        path + "/" + name
    }
}
