import History
import XCTest

final class WordDiffTests: XCTestCase {
    func test_parts_markTheWordsEachTextLacks_keepingEveryCharacter() {
        let (before, after) = WordDiff.parts("A photo of the old bridge at dusk", "A photo of the new bridge at night, from the river")

        XCTAssertEqual(before.map(\.text).joined(), "A photo of the old bridge at dusk")
        XCTAssertEqual(after.map(\.text).joined(), "A photo of the new bridge at night, from the river")
        XCTAssertEqual(before.filter(\.changed).map(\.text), ["old ", "dusk"])
        XCTAssertEqual(after.filter(\.changed).map(\.text), ["new ", "night, from the river"])
    }

    func test_parts_ofTheSameText_markNothing_andOfAnEmptyOne_markTheOtherWhole() {
        XCTAssertEqual(WordDiff.parts("same words", "same words").before, [.init(text: "same words", changed: false)])
        XCTAssertEqual(WordDiff.parts("", "new text").after, [.init(text: "new text", changed: true)])
        XCTAssertEqual(WordDiff.parts("", "new text").before, [])
    }

    func test_parts_ofTextsTooLongToCompareWordByWord_markEachWhole() {
        let long = String(repeating: "word ", count: 600)

        let (before, after) = WordDiff.parts(long, long + "more")

        XCTAssertEqual(before, [.init(text: long, changed: true)])
        XCTAssertEqual(after, [.init(text: long + "more", changed: true)])
    }

    func test_parts_keepLeadingSpacesAndLineBreaks() {
        let (before, after) = WordDiff.parts("  first line\nsecond", "  first line\nthird")

        XCTAssertEqual(before.map(\.text).joined(), "  first line\nsecond")
        XCTAssertEqual(after, [.init(text: "  first line\n", changed: false), .init(text: "third", changed: true)])
    }
}
