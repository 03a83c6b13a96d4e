import Foundation
import SampleAPI

/// What users would otherwise run to render, measured on the same machine in the same run:
/// Hugo rendering the same number of pages from equivalent content with a minimal theme.
/// (curl, downloading the same URLs, is `CurlFloor`.)
struct Comparison {
    struct Result {
        let tool: String
        let version: String
        let seconds: Double
        let count: Int
    }

    let scratch: URL

    /// `hugo` building one page per item plus the paginated feed, 10 items a page, with a
    /// minimal theme written the way Hugo's documentation paginates a section (`.Paginator`,
    /// computed once), so Hugo is measured at its best.
    func hugo(source feed: SyntheticFeed, attempt: Int) throws -> Result? {
        guard let hugo = ChildProcess.which("hugo") else { return nil }
        let site = scratch.appendingPathComponent("hugo-\(attempt)")
        try? FileManager.default.removeItem(at: site)
        let content = site.appendingPathComponent("content/items")
        let layouts = site.appendingPathComponent("layouts/_default")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try """
        baseURL = "/"
        title = "My Feed"
        paginate = 10
        disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
        """.write(to: site.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try Self.singleLayout.write(to: layouts.appendingPathComponent("single.html"), atomically: true, encoding: .utf8)
        try Self.listLayout.write(to: layouts.appendingPathComponent("list.html"), atomically: true, encoding: .utf8)
        try Self.homeLayout.write(to: site.appendingPathComponent("layouts/index.html"), atomically: true, encoding: .utf8)
        try "---\ntitle: \"My Feed\"\n---\n".write(to: content.appendingPathComponent("_index.md"), atomically: true, encoding: .utf8)
        for index in 0..<feed.itemCount {
            let item = feed.item(at: index)
            var page = "---\ntitle: \"\(item.description ?? "Item \(index + 1)")\"\nweight: \(index + 1)\n"
            if let location = item.location { page += "location: \"\(location)\"\n" }
            page += "image: \"\(item.imagePath)\"\n---\n\n"
            for comment in feed.comments(forItemAt: index) {
                page += "- **\(comment.username)** (\(ISO8601DateFormatter().string(from: comment.createdAt))): \(comment.message)\n"
            }
            try page.write(to: content.appendingPathComponent(String(format: "item-%06d.md", index + 1)), atomically: false, encoding: .utf8)
        }
        let output = site.appendingPathComponent("public")
        let result = try ChildProcess.run(hugo, ["--quiet", "--source", site.path, "--destination", output.path], scratch: scratch)
        guard result.status == 0 else { throw BenchmarkError("hugo failed: \(result.standardError.prefix(500))") }
        let pages = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }.count
        return Result(tool: "hugo", version: version(hugo), seconds: result.seconds, count: pages)
    }

    private func version(_ tool: String) -> String {
        let result = try? ChildProcess.run(tool, ["version"], scratch: scratch)
        return result?.standardOutput.split(separator: "\n").first.map(String.init) ?? "?"
    }

    private static let singleLayout = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Comments</title><link rel="stylesheet" href="/style.css"></head>
        <body><header><a href="/">My Feed</a><h1>Comments</h1></header>
        <main><img src="{{ .Params.image }}" alt="{{ .Title }}">{{ with .Params.location }}<p>{{ . }}</p>{{ end }}<p>{{ .Title }}</p>
        {{ .Content }}</main></body></html>
        """

    private static let homeLayout = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>My Feed</title></head><body><a href="/items/">My Feed</a></body></html>
        """

    private static let listLayout = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>My Feed</title><link rel="stylesheet" href="/style.css"></head>
        <body><header><h1>My Feed</h1></header><main><ol>
        {{ $pager := .Paginator }}
        {{ range $pager.Pages }}<li>{{ with .Params.location }}<p>{{ . }}</p>{{ end }}<a href="{{ .RelPermalink }}"><img src="{{ .Params.image }}" alt="{{ .Title }}"></a><p>{{ .Title }}</p><a href="{{ .RelPermalink }}">View comments</a></li>{{ end }}
        </ol><nav>{{ if $pager.HasPrev }}<a href="{{ $pager.Prev.URL }}">Previous</a>{{ end }} Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }} {{ if $pager.HasNext }}<a href="{{ $pager.Next.URL }}">Next</a>{{ end }}</nav></main></body></html>
        """
}
