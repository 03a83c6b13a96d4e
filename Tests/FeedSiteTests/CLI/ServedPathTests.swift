import XCTest

@testable import FeedSiteCLI

final class ServedPathTests: XCTestCase {
    func test_parse_leadsATargetToItsFileUnderTheRoot() throws {
        let path = try ServedPath.parse("/el/comments/D3F0A5E2-0000-4000-8000-000000000001.html")

        XCTAssertEqual(path.location(in: "/srv/site"), "/srv/site/el/comments/D3F0A5E2-0000-4000-8000-000000000001.html")
        XCTAssertFalse(path.endsInSlash)
        XCTAssertNil(path.query)
    }

    func test_parse_readsTheRootAndFoldersAsFolders() throws {
        let root = try ServedPath.parse("/")
        let folder = try ServedPath.parse("/pt-BR/")

        XCTAssertEqual(root.location(in: "/srv/site"), "/srv/site")
        XCTAssertTrue(root.endsInSlash)
        XCTAssertEqual(folder.location(in: "/srv/site"), "/srv/site/pt-BR")
        XCTAssertTrue(folder.endsInSlash)
    }

    func test_parse_leavesTheQueryOutOfThePathAndKeepsIt() throws {
        let path = try ServedPath.parse("/index.html?utm=1&x=/../../etc")

        XCTAssertEqual(path.names, ["index.html"])
        XCTAssertEqual(path.query, "utm=1&x=/../../etc")
    }

    func test_parse_decodesEachNameOnce() throws {
        XCTAssertEqual(try ServedPath.parse("/a%20b/%C3%A9t%C3%A9.html").names, ["a b", "été.html"])
        XCTAssertEqual(try ServedPath.parse("/%252e%252e/%252fetc").names, ["%2e%2e", "%2fetc"], "a doubly encoded name is a plain name, never `..`")
    }

    /// `//etc/passwd` is not the absolute path /etc/passwd but `etc/passwd` inside the site.
    func test_parse_skipsEmptyNamesSoNoTargetIsAnAbsolutePath() throws {
        XCTAssertEqual(try ServedPath.parse("//etc/passwd").location(in: "/srv/site"), "/srv/site/etc/passwd")
        XCTAssertEqual(try ServedPath.parse("/a//b///").location(in: "/srv/site"), "/srv/site/a/b")
    }

    func test_parse_refusesEveryWayOutOfTheFolderAsNotInTheSite() {
        let targets = [
            "/..", "/../etc/passwd", "/a/../../etc/passwd", "/./index.html", "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd",
            "/.%2e/etc/passwd", "/%2e./etc/passwd", "/..%2fetc%2fpasswd", "/%2fetc%2fpasswd", "/images%2F..%2F..%2Fetc",
            "/..\\..\\etc\\passwd", "/images\\..\\..\\etc", "/a%5c..%5c..%5cetc", "/index.html%00.png", "/%00",
            "/.htaccess", "/.well-known/security.txt", "/.git/config", "/images/.hidden.png",
        ]

        for target in targets {
            XCTAssertThrowsError(try ServedPath.parse(target), target) { error in
                XCTAssertEqual(error as? ServedPath.Refusal, .notInSite, target)
            }
        }
    }

    func test_parse_takesAPathOfAsManyNamesAsTheLimit() throws {
        let names = (1...ServedPath.maxNames).map { "n\($0)" }

        XCTAssertEqual(try ServedPath.parse("/" + names.joined(separator: "/")).names, names)
    }

    /// No site file lies that deep, and looking such a path up would cost a client nothing
    /// and the server much.
    func test_parse_refusesAPathOfMoreNamesThanTheLimitAsNotInTheSite() {
        for count in [ServedPath.maxNames + 1, 32_000] {
            let target = String(repeating: "/a", count: count)

            XCTAssertThrowsError(try ServedPath.parse(target), "\(count) names") { error in
                XCTAssertEqual(error as? ServedPath.Refusal, .notInSite, "\(count) names")
            }
        }
    }

    func test_parse_refusesATargetThatIsNotAPathAsABadRequest() {
        let targets = [
            "", "*", "index.html", "http://127.0.0.1:8080/etc/passwd", "/a b", "/a\u{0}b", "/a\tb", "/a\r\nLocation: x", "/été",
            "/%zz", "/%", "/%e9", "/%C3",
        ]

        for target in targets {
            XCTAssertThrowsError(try ServedPath.parse(target), target.debugDescription) { error in
                guard case .badRequest = error as? ServedPath.Refusal else { return XCTFail("\(error) for \(target.debugDescription)") }
            }
        }
    }

    func test_folderAddress_addsTheSlashKeepsTheQueryAndEncodesEachName() throws {
        XCTAssertEqual(try ServedPath.parse("/el").folderAddress, "/el/")
        XCTAssertEqual(try ServedPath.parse("/el?x=1").folderAddress, "/el/?x=1")
        XCTAssertEqual(try ServedPath.parse("/a%20b/c%3Fd").folderAddress, "/a%20b/c%3Fd/")
        XCTAssertEqual(try ServedPath.parse("//evil.example").folderAddress, "/evil.example/", "never an address on another host")
    }
}
