import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class SitePathsTests: XCTestCase {
    private let id = "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"

    // MARK: - Where things live

    func test_feedPage_firstIsTheIndex() {
        XCTAssertEqual(SitePaths().feedPage(1), "index.html")
    }

    func test_feedPage_othersAreUnderPage() {
        XCTAssertEqual(SitePaths().feedPage(2), "page/2.html")
        XCTAssertEqual(SitePaths().feedPage(3), "page/3.html")
        XCTAssertEqual(SitePaths().feedPage(120), "page/120.html")
    }

    func test_commentsPage_isNamedAfterTheUpperCaseImageID() {
        let imageID = UUID(uuidString: id.lowercased())!

        XCTAssertEqual(SitePaths().commentsPage(for: imageID), "comments/\(id).html")
    }

    func test_pagesOfAFurtherLocale_areUnderItsPrefix() {
        let paths = SitePaths(localePrefix: "el/")

        XCTAssertEqual(paths.feedPage(1), "el/index.html")
        XCTAssertEqual(paths.feedPage(3), "el/page/3.html")
        XCTAssertEqual(paths.commentsPage(for: UUID(uuidString: id)!), "el/comments/\(id).html")
    }

    func test_defaultLocalePrefix_isTheRoot() {
        XCTAssertEqual(SitePaths().localePrefix, "")
        XCTAssertEqual(SitePaths(), SitePaths(localePrefix: ""))
        XCTAssertNotEqual(SitePaths(), SitePaths(localePrefix: "el/"))
    }

    func test_image_isUnderImagesNamedByHashAndRealType() {
        XCTAssertEqual(SitePaths.image(SiteFixtures.stored("a", format: .png)), "images/\(String(repeating: "a", count: 64)).png")
        XCTAssertEqual(SitePaths.image(SiteFixtures.stored("b", format: .jpeg)), "images/\(String(repeating: "b", count: 64)).jpg")
    }

    func test_historyChanges_isAFileOfTheHistoryNamedByBothSnapshots_inTheLocalesFolderOfTheHistory() {
        XCTAssertEqual(
            SitePaths().historyChanges(from: "20261124T120000Z", to: "20261125T093000Z-2"),
            "history/changes/20261124T120000Z_20261125T093000Z-2.html")
        XCTAssertEqual(
            SitePaths(localePrefix: "el/").historyChanges(from: "20261124T120000Z", to: "20261125T093000Z"),
            "history/el/changes/20261124T120000Z_20261125T093000Z.html")
    }

    func test_historySnapshotPage_isThePageUnderTheSnapshotsFolder() {
        XCTAssertEqual(SitePaths.historySnapshotPage("20261124T120000Z", SitePaths().feedPage(1)), "history/20261124T120000Z/index.html")
        XCTAssertEqual(
            SitePaths.historySnapshotPage("20261124T120000Z-2", SitePaths(localePrefix: "el/").commentsPage(for: UUID(uuidString: id)!)),
            "history/20261124T120000Z-2/el/comments/\(id).html")
    }

    func test_samePageInAnotherLocale_isUnderItsPrefix_atTheRootOrInTheHistorysFolder() {
        let (english, greek, portuguese) = (SitePaths(), SitePaths(localePrefix: "el/"), SitePaths(localePrefix: "pt-BR/"))

        XCTAssertEqual(english.samePage(english.feedPage(2), in: greek), "el/page/2.html")
        XCTAssertEqual(greek.samePage(greek.feedPage(2), in: english), "page/2.html")
        XCTAssertEqual(greek.samePage(greek.feedPage(1), in: portuguese), "pt-BR/index.html")
        XCTAssertEqual(english.samePage(english.historyCalendar, in: greek), "history/el/index.html")
        XCTAssertEqual(greek.samePage(greek.historyCalendar, in: english), "history/index.html")
        XCTAssertEqual(greek.samePage(greek.historyCalendar, in: portuguese), "history/pt-BR/index.html")
        XCTAssertEqual(
            greek.samePage(greek.historyChanges(from: "20261124T120000Z", to: "20261125T120000Z"), in: english),
            english.historyChanges(from: "20261124T120000Z", to: "20261125T120000Z"))
        XCTAssertEqual(greek.samePage(greek.feedPage(1), in: greek), greek.feedPage(1))
    }

    func test_stylesheet_isUnderAssets() {
        XCTAssertEqual(SitePaths.stylesheet, "assets/style.css")
    }

    // MARK: - Relative links the site uses

    func test_relative_fromRootPageToComments() {
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "comments/\(id).html"), "comments/\(id).html")
    }

    func test_relative_fromRootPageToAssetsImagesAndPages() {
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "assets/style.css"), "assets/style.css")
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "images/abc.png"), "images/abc.png")
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "page/2.html"), "page/2.html")
    }

    func test_relative_fromSecondPageToTheIndex() {
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "index.html"), "../index.html")
    }

    func test_relative_betweenPagesInTheSameFolder() {
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "page/3.html"), "3.html")
        XCTAssertEqual(SitePaths.relative(from: "page/3.html", to: "page/2.html"), "2.html")
        XCTAssertEqual(SitePaths.relative(from: "comments/A.html", to: "comments/B.html"), "B.html")
        XCTAssertEqual(SitePaths.relative(from: "el/index.html", to: "el/page/2.html"), "page/2.html")
    }

    func test_relative_toItself() {
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "index.html"), "index.html")
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "page/2.html"), "2.html")
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "el/comments/\(id).html"), "\(id).html")
    }

    func test_relative_fromSecondPageToCommentsImagesAndAssets() {
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "comments/\(id).html"), "../comments/\(id).html")
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "images/abc.png"), "../images/abc.png")
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "assets/style.css"), "../assets/style.css")
    }

    func test_relative_fromCommentsPageToImageAndBackToItsFeedPage() {
        XCTAssertEqual(SitePaths.relative(from: "comments/\(id).html", to: "images/abc.png"), "../images/abc.png")
        XCTAssertEqual(SitePaths.relative(from: "comments/\(id).html", to: "index.html"), "../index.html")
        XCTAssertEqual(SitePaths.relative(from: "comments/\(id).html", to: "page/4.html"), "../page/4.html")
        XCTAssertEqual(SitePaths.relative(from: "comments/\(id).html", to: "assets/style.css"), "../assets/style.css")
    }

    func test_relative_fromAFurtherLocalesCommentsPageToSharedFiles() {
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "assets/style.css"), "../../assets/style.css")
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "images/abc.png"), "../../images/abc.png")
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "el/index.html"), "../index.html")
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "el/page/2.html"), "../page/2.html")
        XCTAssertEqual(SitePaths.relative(from: "el/index.html", to: "assets/style.css"), "../assets/style.css")
        XCTAssertEqual(SitePaths.relative(from: "el/page/2.html", to: "el/index.html"), "../index.html")
    }

    func test_relative_betweenLocales() {
        XCTAssertEqual(SitePaths.relative(from: "index.html", to: "el/index.html"), "el/index.html")
        XCTAssertEqual(SitePaths.relative(from: "el/index.html", to: "index.html"), "../index.html")
        XCTAssertEqual(SitePaths.relative(from: "page/2.html", to: "el/page/2.html"), "../el/page/2.html")
        XCTAssertEqual(SitePaths.relative(from: "el/page/2.html", to: "page/2.html"), "../../page/2.html")
        XCTAssertEqual(SitePaths.relative(from: "comments/\(id).html", to: "el/comments/\(id).html"), "../el/comments/\(id).html")
        XCTAssertEqual(SitePaths.relative(from: "el/comments/\(id).html", to: "comments/\(id).html"), "../../comments/\(id).html")
        XCTAssertEqual(SitePaths.relative(from: "el/index.html", to: "pt-BR/index.html"), "../pt-BR/index.html")
    }

    /// Every link between every pair of the site's files, resolved the way a browser does
    /// from any sub-path of a server, lands on its target.
    func test_relative_resolvesToTheTargetForEveryPairOfSitePaths() {
        let imageID = UUID(uuidString: id)!
        var files = ["assets/style.css", "images/\(String(repeating: "c", count: 64)).png"]
        for paths in [SitePaths(), SitePaths(localePrefix: "el/"), SitePaths(localePrefix: "pt-BR/")] {
            files += [paths.feedPage(1), paths.feedPage(2), paths.feedPage(10), paths.commentsPage(for: imageID)]
        }
        let root = URL(string: "https://archive.example/some/sub/path/")!

        for page in files {
            for target in files {
                let link = SitePaths.relative(from: page, to: target)
                XCTAssertFalse(link.hasPrefix("/"), "\(page) → \(target): \(link)")
                let resolved = URL(string: link, relativeTo: URL(string: page, relativeTo: root)!)?.absoluteString
                XCTAssertEqual(resolved, root.absoluteString + target, "\(page) → \(target): \(link)")
            }
        }
    }
}
