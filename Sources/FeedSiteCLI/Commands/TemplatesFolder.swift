import FeedCore
import FileSystem
import Foundation
import SiteGenerator

/// A templates folder on disk (`--templates DIR`), as the site module reads it.
public struct TemplatesFolder: TemplateSource {
    public let path: String

    public init(_ folder: URL) {
        self.path = folder.path
    }

    /// `--templates` is not a folder; nothing was read.
    struct NotAFolder: Error, CustomStringConvertible {
        let path: String
        let exists: Bool

        var description: String {
            "--templates \(path) \(exists ? "is not a folder" : "does not exist"); "
                + "give the folder that holds your layout.html (feedsite templates DIR writes out the built-in ones to start from), "
                + "or leave --templates out to use the built-in templates"
        }
    }

    /// The folder `url` names, or `NotAFolder` when there is no folder there.
    static func open(_ url: URL) throws(NotAFolder) -> TemplatesFolder {
        let kind = (try? PlainFile.kind(of: url.path)) ?? .missing
        guard kind == .folder else { throw NotAFolder(path: url.path, exists: kind != .missing) }
        return TemplatesFolder(url)
    }

    public func read(_ name: String) throws -> Data? {
        try PlainFile.read(path + "/" + name)
    }

    public func names() -> [String] {
        ((try? PlainFile.entries(inFolder: path)) ?? []).map(\.name)
    }
}
