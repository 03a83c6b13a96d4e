import Foundation
import History
import XCTest

final class SnapshotPagesTests: XCTestCase {
    func test_cut_ofAnEmptyFeedIsOneEmptyPage() {
        XCTAssertEqual(SnapshotPages.cut([], pageSize: 10), [0..<0])
    }

    func test_cut_coversEveryItemOnceInFeedOrder() {
        let pages = SnapshotPages.cut(ids(0..<1_000), pageSize: 10)

        XCTAssertEqual(pages.first?.lowerBound, 0)
        XCTAssertEqual(pages.last?.upperBound, 1_000)
        for (page, next) in zip(pages, pages.dropFirst()) { XCTAssertEqual(page.upperBound, next.lowerBound) }
    }

    func test_cut_holdsHalfAPageToTwiceAPage_butTheNewestPage_andAPageOnAverage() {
        let pages = SnapshotPages.cut(ids(0..<10_000), pageSize: 10)

        for page in pages.dropFirst() { XCTAssertTrue((5...20).contains(page.count), "\(page)") }
        XCTAssertTrue((1...20).contains(pages[0].count))
        XCTAssertEqual(Double(10_000) / Double(pages.count), 10, accuracy: 1.5)
    }

    func test_cut_ofPagesOfOneIsAPageAnItem() {
        XCTAssertEqual(SnapshotPages.cut(ids(0..<3), pageSize: 1), [0..<1, 1..<2, 2..<3])
    }

    func test_cut_afterItemsAddedAtTheTop_keepsEveryPageButTheNewest() {
        let before = pages(of: ids(0..<1_000), pageSize: 10)
        let after = pages(of: ids(1_000..<1_003) + ids(0..<1_000), pageSize: 10)

        XCTAssertEqual(Array(after.suffix(before.count - 1)), Array(before.dropFirst()))
    }

    func test_cut_afterAnItemLeft_keepsEveryPageButThoseAroundIt() {
        let all = ids(0..<1_000)
        let before = Set(pages(of: all, pageSize: 10))
        for gone in [0, 1, 317, 500, 998, 999] {
            var fewer = all
            fewer.remove(at: gone)

            let changed = pages(of: fewer, pageSize: 10).filter { !before.contains($0) }

            XCTAssertLessThanOrEqual(changed.count, 3, "item \(gone) gone")
        }
    }

    /// The pages' items, newest page first.
    private func pages(of ids: [UUID], pageSize: Int) -> [[UUID]] {
        SnapshotPages.cut(ids, pageSize: pageSize).map { Array(ids[$0]) }
    }

    /// Items numbered `numbers`, newest (the highest number) first, as a feed that grows at the top.
    private func ids(_ numbers: Range<Int>) -> [UUID] {
        numbers.reversed().map { UUID(uuidString: String(format: "5EED0000-0000-4000-8000-%012lX", $0))! }
    }
}
