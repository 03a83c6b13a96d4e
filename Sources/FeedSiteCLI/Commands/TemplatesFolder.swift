import Basics
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

    /// The most bytes a file of the folder may hold: 4 MiB, room for a stylesheet with its
    /// fonts inlined many times over, while a file that never ends (a link to `/dev/zero`)
    /// stops the run at once instead of filling its memory.
    static let maxFileBytes = 4 * 1024 * 1024

    /// Why a file of the folder was not read: the reason alone, as `TemplateSource` wants it.
    struct FileRefused: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's bytes, when it is a regular file (or a link to one) of at most
    /// `maxFileBytes`: a named pipe, a device or a larger file is refused, so a theme can
    /// neither hold the run up nor fill its memory.
    public func read(_ name: String) throws -> Data? {
        do {
            return try PlainFile.readRegular(path + "/" + name, maxBytes: Self.maxFileBytes)
        } catch .tooLarge(_) {
            throw FileRefused(description: "it is larger than \(ByteCountText.describe(Self.maxFileBytes)), the most a file of a templates folder may hold")
        } catch {
            throw FileRefused(description: error.description)
        }
    }

    public func names() -> [String] {
        ((try? PlainFile.entries(inFolder: path)) ?? []).map(\.name)
    }
}
