import FeedCore
import FeedStorage
import Foundation
import SiteGenerator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The templates folder on disk, as the site module reads it.
public struct TemplatesFolder: TemplateSource {
    public let path: String

    public init(_ folder: URL) {
        self.path = folder.path
    }

    public func read(_ name: String) throws -> Data {
        guard let data = try PlainFile.read(path + "/" + name) else { throw FileSystemError.fromErrno(ENOENT) }
        return data
    }

    public func names() -> [String] {
        ((try? PlainFile.entries(inFolder: path)) ?? []).map(\.name)
    }
}
