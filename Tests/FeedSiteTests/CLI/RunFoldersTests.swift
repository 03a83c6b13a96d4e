import XCTest

@testable import FeedSiteCLI

final class RunFoldersTests: XCTestCase {
    func test_checkSeparate_acceptsThreeFoldersApartIncludingNamesThatOnlyStartAlike() throws {
        try RunFolders(output: "/srv/site", cache: "/srv/site-cache", templates: "/srv/site-theme").checkSeparate()
        try RunFolders(output: "/srv/site", cache: "/var/cache/feedsite", templates: nil).checkSeparate()
    }

    func test_checkSeparate_refusesTheCacheInsideTheOutput() {
        assertOverlap(
            RunFolders(output: "/srv/site", cache: "/srv/site/cache", templates: nil),
            "the cache folder /srv/site/cache is inside the output folder /srv/site, which every run replaces; give --cache a folder outside --output")
    }

    func test_checkSeparate_refusesTheOutputInsideTheCache() {
        assertOverlap(
            RunFolders(output: "/var/cache/feedsite/site", cache: "/var/cache/feedsite", templates: nil),
            "the output folder /var/cache/feedsite/site is inside the cache folder /var/cache/feedsite; give --output a folder outside --cache")
    }

    func test_checkSeparate_refusesOneFolderForTheOutputAndTheCache() {
        assertOverlap(
            RunFolders(output: "/srv/x", cache: "/srv/x", templates: nil),
            "--output and --cache are the same folder, /srv/x; the output, the cache and the templates each need a folder of their own")
    }

    func test_checkSeparate_refusesTheTemplatesInsideTheOutputAndTheOutputInsideTheTemplates() {
        assertOverlap(
            RunFolders(output: "/srv/site", cache: "/var/cache/feedsite", templates: "/srv/site/theme"),
            "the templates folder /srv/site/theme is inside the output folder /srv/site, which every run replaces; give --templates a folder outside --output"
        )
        assertOverlap(
            RunFolders(output: "/srv/theme/site", cache: "/var/cache/feedsite", templates: "/srv/theme"),
            "the output folder /srv/theme/site is inside the templates folder /srv/theme; give --output a folder outside --templates")
    }

    func test_checkSeparate_refusesTheCacheAndTheTemplatesOverlapping() {
        assertOverlap(
            RunFolders(output: "/srv/site", cache: "/srv/theme/cache", templates: "/srv/theme"),
            "the cache folder /srv/theme/cache is inside the templates folder /srv/theme; give --cache a folder outside --templates")
    }

    func test_checkSeparate_refusesEveryFolderBelowTheRootAsOutput() {
        assertOverlap(
            RunFolders(output: "/", cache: "/var/cache/feedsite", templates: nil),
            "the cache folder /var/cache/feedsite is inside the output folder /, which every run replaces; give --cache a folder outside --output")
    }

    private func assertOverlap(_ folders: RunFolders, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try folders.checkSeparate(), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }
}
