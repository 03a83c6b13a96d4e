import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// A photo's page as a viewer: the photos before and after it in the feed's order, linked,
/// the next one's picture given for fetching ahead, and its script.
final class PhotoViewerTests: XCTestCase {
    private let entries = (1...3).map { number in
        SiteEntry(
            image: SiteFixtures.image(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")!),
            stored: SiteFixtures.stored(Character(String(number)), width: 900, height: 600), firstSeen: fixedNow(),
            renditions: [
                StoredImage(
                    sha256: String(repeating: Character(String(number + 4)), count: 64), byteCount: 10, format: .jpeg,
                    dimensions: ImageDimensions(width: 480, height: 320))
            ])
    }

    func test_neighbours_areTheEntriesJustBeforeAndAfter_noneAtTheEnds() {
        XCTAssertEqual(PhotoNeighbours(of: 0, in: entries), PhotoNeighbours(previous: nil, next: entries[1]))
        XCTAssertEqual(PhotoNeighbours(of: 1, in: entries), PhotoNeighbours(previous: entries[0], next: entries[2]))
        XCTAssertEqual(PhotoNeighbours(of: 2, in: entries), PhotoNeighbours(previous: entries[1], next: nil))
        XCTAssertEqual(PhotoNeighbours(of: 0, in: [entries[0]]), .none)
    }

    func test_model_linksItsNeighboursPages_andGivesTheNextOnesPictureAsItsPageShowsIt() {
        let model = self.model(1, paths: SitePaths(localePrefix: "el/"))

        XCTAssertEqual(model.previous?.link, "\(entries[0].id.uuidString).html")
        XCTAssertNil(model.previous?.picture, "only the next photo is fetched ahead")
        XCTAssertEqual(model.next?.link, "\(entries[2].id.uuidString).html")
        XCTAssertEqual(model.next?.picture, self.model(2, paths: SitePaths(localePrefix: "el/")).picture)
        XCTAssertEqual(model.next?.picture?.source, "../../images/\(String(repeating: "7", count: 64)).jpg", "its widest rendition")
    }

    func test_page_linksThePhotosBeforeAndAfterWithRel_andCarriesTheNextOnesSourcesAndTheScript() throws {
        let html = try SiteFixtures.renderer().render(model(1))
        let next = entries[2].id.uuidString

        XCTAssertTrue(
            html.contains(#"<a class="previous" rel="prev" href="\#(entries[0].id.uuidString).html"><span aria-hidden="true">‹</span> Previous photo</a>"#),
            html)
        XCTAssertTrue(html.contains(#"<a class="next" rel="next" href="\#(next).html" data-src="../images/\#(String(repeating: "7", count: 64)).jpg""#), html)
        XCTAssertTrue(html.contains(#" data-sizes="(min-aspect-ratio: 480/320) calc((100vh - 9rem) * 480 / 320), 100vw">Next photo"#), html)
        XCTAssertTrue(html.contains(#"<nav class="neighbours" aria-label="Photos">"#), html)
        XCTAssertTrue(html.contains(#"<script src="../assets/viewer.js" defer></script>"#), html)
    }

    func test_page_ofAPhotoAlone_hasNoNeighboursLinks() throws {
        let html = try SiteFixtures.renderer().render(
            CommentsPageModel(
                entry: entries[0], comments: [], feedPage: 1, neighbours: .none, paths: SitePaths(), dates: CommentDateFormatter(locale: "en"),
                now: fixedNow()))

        XCTAssertFalse(html.contains("neighbours"), html)
        XCTAssertFalse(html.contains(#"rel="next""#) || html.contains(#"rel="prev""#), html)
    }

    func test_page_namesItsLinksInThePagesLanguage() throws {
        let html = try SiteFixtures.renderer(locale: "pt-BR").render(model(1))

        XCTAssertTrue(html.contains("Foto anterior</a>"), html)
        XCTAssertTrue(html.contains("Próxima foto <span"), html)
        XCTAssertTrue(html.contains(#"aria-label="Fotos""#), html)
    }

    private func model(_ index: Int, paths: SitePaths = SitePaths()) -> CommentsPageModel {
        CommentsPageModel(
            entry: entries[index], comments: [], feedPage: 1, neighbours: PhotoNeighbours(of: index, in: entries), paths: paths,
            dates: CommentDateFormatter(locale: "en"), now: fixedNow())
    }
}
