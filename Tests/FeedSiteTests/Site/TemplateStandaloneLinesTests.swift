import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// A section or comment tag alone on its line takes the line (indentation and line break)
/// with it; tags with other text on their line keep that text.
final class TemplateStandaloneLinesTests: XCTestCase {
    func test_standaloneSectionTags_takeTheirWholeLines() throws {
        let source = "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n  {{/items}}\n</ul>\n"

        XCTAssertEqual(try render(source, ["items": [["name": "a"], ["name": "b"]]]), "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        XCTAssertEqual(try render(source, ["items": []]), "<ul>\n</ul>\n")
    }

    func test_standaloneInvertedSectionTags_takeTheirWholeLines() throws {
        let source = "<div>\n\t{{^items}}\n\t<p>none</p>\n\t{{/items}}\n</div>\n"

        XCTAssertEqual(try render(source, ["items": []]), "<div>\n\t<p>none</p>\n</div>\n")
    }

    func test_standaloneComment_takesItsWholeLine() throws {
        XCTAssertEqual(try render("a\n    {{! a note }}\nb\n", [:]), "a\nb\n")
    }

    func test_standaloneTags_takeTrailingSpacesBeforeTheLineBreak() throws {
        XCTAssertEqual(try render("a\n  {{#flag}}  \nb\n  {{/flag}}\t\nc\n", ["flag": true]), "a\nb\nc\n")
    }

    func test_twoStandaloneTagsOnConsecutiveLines_bothTakeTheirLines() throws {
        let source = "<div>\n  {{#outer}}\n    {{#inner}}\n    <p>x</p>\n    {{/inner}}\n  {{/outer}}\n</div>\n"

        XCTAssertEqual(try render(source, ["outer": true, "inner": true]), "<div>\n    <p>x</p>\n</div>\n")
        XCTAssertEqual(try render(source, ["outer": true, "inner": false]), "<div>\n</div>\n")
    }

    func test_standaloneCommentFollowedByStandaloneSection_bothTakeTheirLines() throws {
        XCTAssertEqual(try render("a\n{{! note }}\n{{#flag}}\nb\n{{/flag}}\nc\n", ["flag": true]), "a\nb\nc\n")
    }

    func test_standaloneTagAtTheVeryStart_takesItsLine() throws {
        XCTAssertEqual(try render("{{#flag}}\nshown\n{{/flag}}\nafter\n", ["flag": true]), "shown\nafter\n")
        XCTAssertEqual(try render("  {{! first line }}\nsecond\n", [:]), "second\n")
    }

    func test_standaloneTagsAtTheVeryStartOnConsecutiveLines_takeTheirLines() throws {
        XCTAssertEqual(try render("{{#a}}\n{{#b}}\nx\n{{/b}}\n{{/a}}\n", ["a": true, "b": true]), "x\n")
    }

    func test_standaloneTagAtTheVeryEnd_takesItsLineWithoutATrailingLineBreak() throws {
        XCTAssertEqual(try render("{{#flag}}\nshown\n{{/flag}}", ["flag": true]), "shown\n")
        XCTAssertEqual(try render("{{#flag}}\nshown\n  {{/flag}}  ", ["flag": true]), "shown\n")
        XCTAssertEqual(try render("text\n{{! last }}", [:]), "text\n")
    }

    func test_wholeTemplateOfStandaloneTags_rendersOnlyTheContent() throws {
        XCTAssertEqual(try render("{{#flag}}\n{{/flag}}\n", ["flag": true]), "")
    }

    func test_inlineSectionTags_keepTheTextAroundThem() throws {
        let source = "  {{#flag}}<a>on</a>{{/flag}}  \n"

        XCTAssertEqual(try render(source, ["flag": true]), "  <a>on</a>  \n")
        XCTAssertEqual(try render(source, ["flag": false]), "    \n")
    }

    func test_sectionTagWithTextBeforeIt_isNotStandalone() throws {
        XCTAssertEqual(try render("x {{#flag}}\ny\n{{/flag}}", ["flag": true]), "x \ny\n")
    }

    func test_sectionTagWithTextAfterIt_isNotStandalone() throws {
        XCTAssertEqual(try render("{{#flag}} y\n{{/flag}}", ["flag": true]), " y\n")
    }

    func test_inlineComment_keepsTheTextAroundIt() throws {
        XCTAssertEqual(try render("a {{! note }} b\n", [:]), "a  b\n")
    }

    func test_variableTagAloneOnItsLine_keepsItsLine() throws {
        XCTAssertEqual(try render("a\n  {{name}}\nb\n", ["name": "N"]), "a\n  N\nb\n")
        XCTAssertEqual(try render("a\n  {{name}}\nb\n", ["name": ""]), "a\n  \nb\n")
    }

    func test_rawTagAloneOnItsLine_keepsItsLine() throws {
        XCTAssertEqual(try render("<main>\n{{{body}}}\n</main>\n", ["body": .html("<p>x</p>")]), "<main>\n<p>x</p>\n</main>\n")
    }

    func test_openAndCloseOnTheSameLine_keepTheLine() throws {
        XCTAssertEqual(try render("a\n{{#flag}}{{/flag}}\nb", ["flag": true]), "a\n\nb")
    }

    func test_blankLinesAroundStandaloneTags_areKept() throws {
        XCTAssertEqual(try render("a\n\n{{#flag}}\nb\n{{/flag}}\n\nc", ["flag": true]), "a\n\nb\n\nc")
    }

    func test_standaloneTagsInWindowsLineEndings_takeTheirWholeLines() throws {
        let source = "<ul>\r\n  {{#items}}\r\n  <li>{{name}}</li>\r\n  {{/items}}\r\n</ul>\r\n"

        XCTAssertEqual(try render(source, ["items": [["name": "a"]]]), "<ul>\r\n  <li>a</li>\r\n</ul>\r\n")
    }

    // MARK: - Helpers

    private func render(_ source: String, _ context: TemplateValue) throws -> String {
        try Template(name: "test.html", source: source).render(context)
    }
}
