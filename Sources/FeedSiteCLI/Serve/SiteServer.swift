import FileSystem
import Foundation
import LoopbackHTTP

/// Answers `GET` and `HEAD` requests with the files of a site folder, as a static web server
/// would: a folder's `index.html`, a redirect from `/el` to `/el/`, 404 for anything else.
///
/// Every request looks its file up afresh under the folder's name, so a site a new run swaps
/// in is served from the next request on. Nothing outside the folder is reachable: the target
/// is checked by `ServedPath`, and the file it leads to, symbolic links resolved, must lie
/// inside the folder's real path and not in a dot-file or dot-folder (those are the user's).
/// Files are sent from disk a piece at a time, never read whole.
struct SiteServer: Sendable {
    /// The site folder, an absolute path; resolved again for every request.
    let root: String

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = Self.plain(405, "method not allowed; this server answers GET and HEAD")
            response.headers["Allow"] = "GET, HEAD"
            return response
        }
        let path: ServedPath
        do {
            path = try ServedPath.parse(request.target)
        } catch let .badRequest(reason) {
            return Self.plain(400, "bad request: \(reason)")
        } catch {
            return Self.notFound
        }
        switch find(path) {
        case let .file(file, name):
            return HTTPResponse(status: 200, headers: Self.headers(contentType: SiteMediaType.of(fileName: name)), file: file)
        case .folderWithoutSlash:
            var response = Self.plain(301, "moved to \(path.folderAddress)")
            response.headers["Location"] = path.folderAddress
            return response
        case .missing:
            return Self.notFound
        }
    }

    private enum Found {
        /// A file to send, and the name that decides its type.
        case file(HTTPBodyFile, name: String)
        /// A folder asked for without its trailing `/`, so its pages' relative links
        /// would miss: redirect.
        case folderWithoutSlash
        case missing
    }

    private func find(_ path: ServedPath) -> Found {
        let site = RealPath.of(root)
        // Only what exists can be served: one lookup of the whole path, never one for each
        // of its leading parts.
        guard let target = RealPath.ofExisting(path.location(in: site)), Self.isServable(target, in: site) else { return .missing }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue else {
            guard !path.endsInSlash, let file = HTTPBodyFile(regularFileAt: target) else { return .missing }
            return .file(file, name: path.names.last ?? "")
        }
        guard path.endsInSlash else { return .folderWithoutSlash }
        guard let index = RealPath.ofExisting(target + "/index.html"), Self.isServable(index, in: site), let file = HTTPBodyFile(regularFileAt: index) else {
            return .missing
        }
        return .file(file, name: "index.html")
    }

    /// Whether the real path `target` lies in the real folder `site`, through no dot-file
    /// or dot-folder of the site's.
    private static func isServable(_ target: String, in site: String) -> Bool {
        guard RealPath.isWithin(target, site) else { return false }
        return !target.dropFirst(site.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Every answer may change with the next run: browsers check again before reusing one. A
    /// picture is the API's bytes as fetched, and an SVG one may hold a script, which would
    /// run with the site's address were the picture opened on its own: no picture may run one.
    private static func headers(contentType: String) -> [String: String] {
        var headers = ["Content-Type": contentType, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"]
        if contentType.hasPrefix("image/") { headers["Content-Security-Policy"] = "script-src 'none'" }
        return headers
    }

    private static func plain(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers(contentType: "text/plain; charset=utf-8"), body: Data((message + "\n").utf8))
    }

    private static let notFound = plain(404, "not found")
}
