import Foundation
import TestSupport

extension InMemoryStagingSite {
    /// The site has no file at `path`.
    struct MissingFile: Error, CustomStringConvertible {
        let path: String

        var description: String { "the site has no \(path)" }
    }

    /// The search index the site holds in `folder` (`search/`, `el/search/`), read back as the
    /// page's script reads it.
    func searchIndex(in folder: String) throws -> SearchIndexReader {
        guard let root = text(folder + "index.js") else { throw MissingFile(path: folder + "index.js") }
        let generation = try SearchIndexReader(root: root) { _ in nil }.root.generation
        return try SearchIndexReader(root: root) { name in self.text("\(folder)\(generation)/\(name).js") }
    }
}
