import TestSupport
import XCTest

@testable import FeedSiteCLI

/// What reaches the terminal of text that holds control characters.
final class TerminalTextTests: XCTestCase {
    func test_safe_writesEscapeSequencesOutInsteadOfPassingThemToTheTerminal() {
        XCTAssertEqual(
            TerminalText.safe("id \"\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[31mred\" is not a UUID"),
            #"id "\x1b]0;owned\x07\x1b[2J\x1b[31mred" is not a UUID"#)
    }

    func test_safe_writesOutEveryControlButLineFeedAndTab() {
        XCTAssertEqual(TerminalText.safe("a\u{0}b\rc\u{08}d\u{0B}e\u{0C}f\u{7F}g\u{85}h\u{9B}i"), #"a\x00b\x0dc\x08d\x0be\x0cf\x7fg\u0085h\u009bi"#)
        XCTAssertEqual(TerminalText.safe("usage:\n\tfeedsite generate"), "usage:\n\tfeedsite generate")
    }

    func test_safe_leavesALineWithoutControlsAsItIs() {
        for line in ["", "feedsite: error: Couldn't connect to server", "Το Feed μου · 日本語 · 😀 · \u{A0}\u{FFFD}"] {
            XCTAssertEqual(TerminalText.safe(line), line)
        }
    }
}
