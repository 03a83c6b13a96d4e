import FeedStorage

extension CacheDatabase.Opening {
    /// What `generate` and `validate-cache` say about opening the cache.
    var lines: [(isWarning: Bool, text: String)] {
        var lines: [(isWarning: Bool, text: String)] = []
        if let aside = setAside {
            let what = aside.reason.map { "was damaged (\($0))" } ?? "held no tables, so no cache of feedsite's"
            lines.append((true, "cache: \(database.path) \(what); set it aside as \(aside.path) and went on with an empty cache"))
        }
        if let imported {
            var parts: [String] = []
            if let items = imported.feedItems { parts.append("the feed (\(items) item\(items == 1 ? "" : "s"))") }
            parts.append("the comments of \(imported.comments) image\(imported.comments == 1 ? "" : "s")")
            parts.append("\(imported.imageURLs) image URL\(imported.imageURLs == 1 ? "" : "s")")
            var line = "cache: moved the cache of an earlier feedsite into \(database.path): \(parts.joined(separator: ", "))"
            if imported.skipped > 0 { line += "; skipped \(imported.skipped) unreadable file\(imported.skipped == 1 ? "" : "s")" }
            lines.append((false, line))
        }
        for problem in oldFilesNotRemoved {
            lines.append((true, "cache: could not remove a file of the earlier cache layout: \(problem)"))
        }
        return lines
    }
}
