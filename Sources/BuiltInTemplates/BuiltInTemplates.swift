import Foundation
import SiteGenerator

/// The default templates, stylesheet and string tables: every file of the package's
/// `Templates/` folder, compiled into the binary at build time by EmbedTemplatesPlugin,
/// so the one installed file carries them. `--templates DIR` replaces them with a folder;
/// `feedsite templates DIR` writes them out to start one.
public struct BuiltInTemplates: TemplateSource {
    public init() {}

    /// Every file, by its path inside the folder (`el.lproj/Feed.strings`), sorted by path.
    /// (embed-templates wrote the base64 itself, and a test compares every file with
    /// `Templates/` byte for byte.)
    public static let files: [(name: String, data: Data)] = encodedFiles.map { ($0.name, Data(base64Encoded: $0.base64) ?? Data()) }

    private static let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.data) })

    public var path: String { "the built-in templates" }

    public func path(of name: String) -> String {
        "built-in \(name)"
    }

    public func read(_ name: String) -> Data? {
        Self.byName[name]
    }

    public func names() -> [String] {
        Array(Set(Self.files.map { String($0.name.prefix { $0 != "/" }) })).sorted()
    }
}
