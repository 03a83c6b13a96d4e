import TestSupport
import XCTest

/// The snapshot helper's failure message: the first differing lines, numbered from 1.
final class SiteSnapshotLineDiffTests: XCTestCase {
    func test_lineDiff_showsTheFirstDifferingLineWithItsNumber() {
        let diff = lineDiff(expected: "<html>\n<title>My Feed</title>\n</html>\n", actual: "<html>\n<title>Meu Feed</title>\n</html>\n")

        XCTAssertEqual(diff, "line 2:\n  - expected: \"<title>My Feed</title>\"\n  + actual:   \"<title>Meu Feed</title>\"")
    }

    func test_lineDiff_reportsMissingAndExtraLines() {
        let diff = lineDiff(expected: "a\nb", actual: "a\nb\nc")

        XCTAssertEqual(diff, "line 3:\n  - expected: (no line)\n  + actual:   \"c\"\nexpected 2 lines, got 3")
    }

    func test_lineDiff_showsInvisibleDifferences() {
        XCTAssertTrue(lineDiff(expected: "a b", actual: "a\u{202F}b").contains("line 1:"))
        XCTAssertTrue(lineDiff(expected: "a", actual: "a ").contains("\"a \""))
    }

    func test_lineDiff_stopsAfterTheLimit() {
        let diff = lineDiff(expected: "1\n2\n3\n4", actual: "a\nb\nc\nd", limit: 2)

        XCTAssertTrue(diff.contains("line 1:") && diff.contains("line 2:"), diff)
        XCTAssertFalse(diff.contains("line 3:"), diff)
    }
}
