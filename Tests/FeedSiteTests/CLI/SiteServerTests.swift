import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI
@testable import LoopbackHTTP

final class SiteServerTests: XCTestCase {
    func test_answer_sendsAFileWithItsTypeFromDisk() throws {
        let site = try makeSite(["index.html": "<p>feed</p>", "feed.atom": "<feed/>", "images/ab.png": "\u{89}PNG"])

        let page = answer(site, "/index.html")
        let feed = answer(site, "/feed.atom")
        let image = answer(site, "/images/ab.png")

        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertEqual(body(page), "<p>feed</p>")
        XCTAssertEqual(page.bodyFile?.length, 11, "the file is sent from disk, its length read when opened")
        XCTAssertEqual(feed.headers["Content-Type"], "application/atom+xml; charset=utf-8")
        XCTAssertEqual(body(feed), "<feed/>")
        XCTAssertEqual(image.headers["Content-Type"], "image/png")
    }

    func test_answer_asksBrowsersToCheckAgainAndNotToGuessTypes() throws {
        let site = try makeSite(["index.html": "x"])

        for response in [answer(site, "/"), answer(site, "/missing"), answer(site, "/index.html", method: "POST")] {
            XCTAssertEqual(response.headers["Cache-Control"], "no-cache", "\(response.status)")
            XCTAssertEqual(response.headers["X-Content-Type-Options"], "nosniff", "\(response.status)")
        }
    }

    func test_answer_forbidsEveryPictureToRunAScript_andNoPageItsOwn() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>"#
        let site = try makeSite(["index.html": "x", "assets/search.js": "x", "images/ab.svg": svg, "images/cd.png": "\u{89}PNG"])

        for path in ["/images/ab.svg", "/images/cd.png"] {
            XCTAssertEqual(answer(site, path).headers["Content-Security-Policy"], "script-src 'none'", path)
        }
        XCTAssertEqual(answer(site, "/images/ab.svg").headers["Content-Type"], "image/svg+xml")
        for path in ["/", "/assets/search.js"] { XCTAssertNil(answer(site, path).headers["Content-Security-Policy"], path) }
    }

    func test_answer_sendsAFoldersIndexPage() throws {
        let site = try makeSite(["index.html": "root", "el/index.html": "Ελληνικά"])

        XCTAssertEqual(body(answer(site, "/")), "root")
        XCTAssertEqual(body(answer(site, "/el/")), "Ελληνικά")
        XCTAssertEqual(answer(site, "/el/").headers["Content-Type"], "text/html; charset=utf-8")
        XCTAssertEqual(body(answer(site, "/?from=reader")), "root")
    }

    /// Relative links in `/el/index.html` (`comments/1.html`) would miss from `/el`.
    func test_answer_redirectsAFolderAskedWithoutItsSlash() throws {
        let site = try makeSite(["index.html": "root", "el/index.html": "el"])

        let redirect = answer(site, "/el")
        let withQuery = answer(site, "/el?page=2")

        XCTAssertEqual(redirect.status, 301)
        XCTAssertEqual(redirect.headers["Location"], "/el/")
        XCTAssertEqual(withQuery.headers["Location"], "/el/?page=2")
    }

    func test_answer_answers404WithAShortPlainBodyForAnythingNotAFileOfTheSite() throws {
        let site = try makeSite(["index.html": "root", "page/2.html": "two", "images/ab.png": "png"])

        for target in ["/missing.html", "/page/3.html", "/images/", "/index.html/", "/page/2.html/x", "/nothing/"] {
            let response = answer(site, target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertEqual(response.headers["Content-Type"], "text/plain; charset=utf-8", target)
            XCTAssertEqual(body(response), "not found\n", target)
        }
    }

    func test_answer_answers404ToAPathOfMoreNamesThanTheLimitEvenWhereAFileLies() throws {
        let folders = (1..<ServedPath.maxNames).map { "d\($0)" }.joined(separator: "/")
        let site = try makeSite(["index.html": "root", folders + "/page.html": "deep", folders + "/more/page.html": "too deep"])

        XCTAssertEqual(body(answer(site, "/\(folders)/page.html")), "deep", "a path of as many names as the limit")
        XCTAssertEqual(answer(site, "/\(folders)/more/page.html").status, 404)
        XCTAssertEqual(answer(site, String(repeating: "/a", count: 32_000)).status, 404)
    }

    func test_answer_answers405WithAllowForMethodsOtherThanGETAndHEAD() throws {
        let site = try makeSite(["index.html": "root"])

        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "get"] {
            let response = answer(site, "/index.html", method: method)
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.headers["Allow"], "GET, HEAD", method)
        }
        XCTAssertEqual(answer(site, "/index.html", method: "HEAD").status, 200)
        XCTAssertEqual(answer(site, "/index.html", method: "HEAD").bodyFile?.length, 4, "HEAD is answered as GET; the server sends the head alone")
    }

    func test_answer_answers400ForATargetThatIsNotAPath() throws {
        let site = try makeSite(["index.html": "root"])

        for target in ["http://127.0.0.1/index.html", "*", "/%zz"] {
            let response = answer(site, target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertTrue(body(response).hasPrefix("bad request: "), body(response))
        }
    }

    func test_answer_neverLeavesTheFolderThroughDotsEncodingsOrBackslashes() throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(["index.html": "root"], in: folder)
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))

        for target in ["/../secret.txt", "/%2e%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/%252e%252e/secret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt"] {
            let response = answer(site, target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertFalse(body(response).contains("secret"), target)
        }
    }

    func test_answer_refusesSymbolicLinksThatLeadOutOfTheSite() throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(["index.html": "root"], in: folder)
        let outside = try makeSite(["secret.txt": "secret", "index.html": "outside"], in: folder, named: "outside")
        try link(site, "out", to: outside.path)
        try link(site, "secret.txt", to: outside.appendingPathComponent("secret.txt").path)
        try link(site, "etc", to: "/etc")
        try link(site, "up", to: "..")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("linked"), withIntermediateDirectories: true)
        try link(site, "linked/index.html", to: outside.appendingPathComponent("index.html").path)

        for target in ["/out/secret.txt", "/out/", "/out", "/secret.txt", "/etc/passwd", "/etc/", "/up/outside/secret.txt", "/linked/"] {
            XCTAssertEqual(answer(site, target).status, 404, target)
        }
    }

    func test_answer_followsSymbolicLinksThatStayInsideTheSite() throws {
        let site = try makeSite(["index.html": "root", "v2/page.html": "page"])
        try link(site, "latest", to: "v2")
        try link(site, "home.html", to: "index.html")

        XCTAssertEqual(body(answer(site, "/latest/page.html")), "page")
        XCTAssertEqual(body(answer(site, "/home.html")), "root")
        XCTAssertEqual(answer(site, "/home.html").headers["Content-Type"], "text/html; charset=utf-8")
    }

    /// Dot-files at the top of a site are the user's (`.htaccess`, `.git`), kept across runs
    /// but not part of the site, and not reachable through a link either.
    func test_answer_neverSendsADotFile() throws {
        let site = try makeSite(["index.html": "root", ".htaccess": "Require all denied", ".git/config": "[core]"])
        try link(site, "rules.txt", to: ".htaccess")
        try link(site, "repository", to: ".git")

        for target in ["/.htaccess", "/.git/config", "/%2ehtaccess", "/rules.txt", "/repository/config"] {
            XCTAssertEqual(answer(site, target).status, 404, target)
        }
    }

    /// A run publishes by swapping a new folder in under the site's name: the server looks
    /// the name up again for every request.
    func test_answer_servesTheSiteSwappedInAfterItStarted() throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeSite(["index.html": "first run"], in: folder)
        let server = SiteServer(root: site.path)
        XCTAssertEqual(body(server.answer(HTTPRequest(method: "GET", target: "/"))), "first run")

        let next = try makeSite(["index.html": "second run"], in: folder, named: "staging")
        try FileManager.default.moveItem(at: site, to: folder.appendingPathComponent("old"))
        try FileManager.default.moveItem(at: next, to: site)

        XCTAssertEqual(body(server.answer(HTTPRequest(method: "GET", target: "/"))), "second run")
    }

    func test_answer_answers404WhileTheSiteFolderIsGone() throws {
        let site = try makeSite(["index.html": "root"])
        try FileManager.default.removeItem(at: site)

        XCTAssertEqual(answer(site, "/").status, 404)
    }

    // MARK: - Helpers

    private func makeSite(_ files: [String: String], in folder: URL? = nil, named name: String = "site") throws -> URL {
        let site = try (folder ?? makeTemporaryFolder(for: self)).appendingPathComponent(name)
        for (path, text) in files {
            let file = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return site
    }

    private func link(_ site: URL, _ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(name).path, withDestinationPath: destination)
    }

    private func answer(_ site: URL, _ target: String, method: String = "GET") -> HTTPResponse {
        SiteServer(root: site.path).answer(HTTPRequest(method: method, target: target))
    }

    /// The body as the server would send it, read from its file when it has one.
    private func body(_ response: HTTPResponse) -> String {
        guard let file = response.bodyFile else { return String(decoding: response.body, as: UTF8.self) }
        var bytes = [UInt8](repeating: 0, count: file.length)
        let count = bytes.withUnsafeMutableBytes { file.read(into: $0, at: 0) }
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }
}
