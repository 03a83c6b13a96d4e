import Basics
import FeedCore

/// The `Content-Type` of each kind of file a site holds, by its name. Images carry the
/// extension of their real type, told from their bytes when they were stored, so the name
/// is enough. Text is UTF-8 throughout, and says so.
enum SiteMediaType {
    static let fallback = "application/octet-stream"

    /// The media type of the file at `path` (folders and a name), by its name.
    /// Worked on the path's bytes: the web archive asks for each file of the site
    /// (BENCHMARKS.md, "What each trick buys", row "a capture read where it lies").
    static func of(path: String) -> String {
        of(fileName: path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...])
    }

    static func of(fileName: String) -> String {
        of(fileName: fileName[...])
    }

    private static func of(fileName: Substring) -> String {
        // The pages announce their JSON Feed by its own media type; every other .json
        // (manifest.json) is plain JSON.
        if fileName == "feed.json" { return "application/feed+json" }
        let bytes = fileName.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return fallback }
        return byExtension[String(decoding: bytes[bytes.index(after: dot)...].map(ASCII.lowercased), as: UTF8.self)] ?? fallback
    }

    private static let byExtension: [String: String] = {
        let html = "text/html; charset=utf-8"
        let javaScript = "text/javascript; charset=utf-8"
        var types = [
            "html": html, "htm": html, "css": "text/css; charset=utf-8", "js": javaScript, "mjs": javaScript,
            "txt": "text/plain; charset=utf-8", "json": "application/json",
            // JSON Lines has no registered type; application/jsonl is the one its own
            // description suggests, unlike application/x-ndjson with its obsolete x- prefix.
            "jsonl": "application/jsonl", "xml": "application/xml; charset=utf-8", "atom": "application/atom+xml; charset=utf-8",
            "jpeg": ImageFormat.jpeg.mediaType, "tif": ImageFormat.tiff.mediaType,
        ]
        for format in ImageFormat.allCases where format != .unknown {
            types[format.fileExtension] = format.mediaType
        }
        return types
    }()
}
