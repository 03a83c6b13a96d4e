import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class TemplateRenderingTests: XCTestCase {
    // MARK: - Variables

    func test_render_insertsTextOfVariables() throws {
        XCTAssertEqual(try render("<p>{{name}}</p>", ["name": "Ada"]), "<p>Ada</p>")
    }

    func test_render_escapesTextInVariables() throws {
        XCTAssertEqual(
            try render(#"<p title="{{name}}">{{name}}</p>"#, ["name": #"<b>"Tom" & 'Jerry'</b>"#]),
            #"<p title="&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;">&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>"#
        )
    }

    func test_render_escapesEvenToolMadeHTMLInDoubleBraces() throws {
        XCTAssertEqual(try render("{{body}}", ["body": .html("<b>bold</b>")]), "&lt;b&gt;bold&lt;/b&gt;")
    }

    func test_render_allowsWhitespaceInsideTags() throws {
        XCTAssertEqual(try render("{{ name }}|{{{ body }}}|{{# flag }}on{{/ flag }}", ["name": "n", "body": .html("<i>"), "flag": true]), "n|<i>|on")
    }

    func test_render_throwsForVariableThatIsNotText() {
        for value: TemplateValue in [true, ["a"], ["key": "value"]] {
            XCTAssertEqual(renderError("a\n{{name}}", ["name": value])?.line, 2, "\(value)")
            XCTAssertEqual(renderError("a\n{{name}}", ["name": value])?.template, "test.html", "\(value)")
        }
    }

    // MARK: - Raw HTML, the named opt-out

    func test_render_insertsToolMadeHTMLUnescapedInTripleBraces() throws {
        XCTAssertEqual(try render("<main>{{{body}}}</main>", ["body": .html("<p>Hi & bye</p>")]), "<main><p>Hi & bye</p></main>")
    }

    func test_render_throwsWhenTripleBracesGetText() {
        let error = renderError("<main>\n{{{body}}}\n</main>", ["body": .text("<script>alert(1)</script>")])

        XCTAssertEqual(error?.template, "test.html")
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("body") == true, "\(String(describing: error))")
    }

    func test_render_throwsWhenTripleBracesGetAnythingButHTML() {
        for value: TemplateValue in [true, false, ["a"], ["key": "value"]] {
            XCTAssertNotNil(renderError("{{{body}}}", ["body": value]), "\(value)")
        }
    }

    // MARK: - Sections

    func test_section_overListOfTextShowsEachItemAsTheCurrentItem() throws {
        XCTAssertEqual(
            try render("<ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>", ["items": ["a", "<b>", "c"]]), "<ul><li>a</li><li>&lt;b&gt;</li><li>c</li></ul>")
    }

    func test_section_overListOfObjectsShowsEachObjectsFields() throws {
        let context: TemplateValue = ["people": [["name": "Ada", "age": "36"], ["name": "Alan", "age": "41"]]]

        XCTAssertEqual(try render("{{#people}}{{name}} ({{age}}); {{/people}}", context), "Ada (36); Alan (41); ")
    }

    func test_section_overEmptyListShowsNothing() throws {
        XCTAssertEqual(try render("[{{#items}}x{{/items}}]", ["items": []]), "[]")
    }

    func test_section_overObjectShowsOnceWithItsFields() throws {
        XCTAssertEqual(try render("{{#author}}by {{name}}{{/author}}", ["author": ["name": "Ada"]]), "by Ada")
    }

    func test_section_overEmptyObjectStillShows() throws {
        XCTAssertEqual(try render("[{{#author}}x{{/author}}]", ["author": .object([:])]), "[x]")
    }

    func test_section_showsForTrueAndHidesForFalse() throws {
        XCTAssertEqual(try render("[{{#flag}}on{{/flag}}]", ["flag": true]), "[on]")
        XCTAssertEqual(try render("[{{#flag}}on{{/flag}}]", ["flag": false]), "[]")
    }

    func test_section_overNonEmptyTextShowsOnceWithTheTextAsCurrentItem() throws {
        XCTAssertEqual(try render("{{#location}}<p>{{.}}</p>{{/location}}", ["location": "Paris & co"]), "<p>Paris &amp; co</p>")
        XCTAssertEqual(try render("{{#location}}<p>{{location}}</p>{{/location}}", ["location": "Paris"]), "<p>Paris</p>")
    }

    func test_section_overEmptyTextShowsNothing() throws {
        XCTAssertEqual(try render("[{{#location}}<p>{{location}}</p>{{/location}}]", ["location": ""]), "[]")
    }

    func test_section_overOptionalShowsPresentTextAndHidesNil() throws {
        XCTAssertEqual(try render("[{{#d}}{{d}}{{/d}}]", ["d": .optional("here")]), "[here]")
        XCTAssertEqual(try render("[{{#d}}{{d}}{{/d}}]", ["d": .optional(nil)]), "[]")
    }

    func test_section_overHTMLShowsWhenNotEmpty() throws {
        XCTAssertEqual(try render("[{{#b}}{{{b}}}{{/b}}]", ["b": .html("<hr>")]), "[<hr>]")
        XCTAssertEqual(try render("[{{#b}}{{{b}}}{{/b}}]", ["b": .html("")]), "[]")
    }

    func test_sections_nest() throws {
        let context: TemplateValue = ["rows": [["cells": [["v": "1"], ["v": "2"]]], ["cells": [["v": "3"]]]]]

        XCTAssertEqual(try render("{{#rows}}<tr>{{#cells}}<td>{{v}}</td>{{/cells}}</tr>{{/rows}}", context), "<tr><td>1</td><td>2</td></tr><tr><td>3</td></tr>")
    }

    func test_sections_overAShortListInsideEachItemOfALongOneRenderWhole() throws {
        let items = TemplateValue.list((1...100).map { ["n": .text("\($0)")] })
        let languages: TemplateValue = [["code": "en"], ["code": "el"], ["code": "pt"]]

        let output = try render("{{#items}}{{#languages}}{{code}}{{/languages}}{{/items}}", ["items": items, "languages": languages])

        XCTAssertEqual(output, String(repeating: "enelpt", count: 100))
    }

    /// Each level multiplied the work: thirty levels over three items would have taken 3³⁰
    /// steps.
    func test_sections_thatRepeatAListInsideItselfStopWithAnErrorNamingTheSection() {
        let depth = 30
        let source = String(repeating: "{{#items}}\n", count: depth) + "{{.}}\n" + String(repeating: "{{/items}}\n", count: depth)

        let error = renderError(source, ["items": ["a", "b", "c"]], name: "feed.html")

        XCTAssertEqual(error?.template, "feed.html")
        XCTAssertTrue((1...depth).contains(error?.line ?? 0), "\(String(describing: error))")
        XCTAssertTrue(error?.message.hasPrefix("rendering stopped in {{#items}}: more than ") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.message.hasSuffix("; is a list's section repeated inside itself?") == true, "\(String(describing: error))")
    }

    // MARK: - Inverted sections

    func test_invertedSection_showsForFalseEmptyOrNilValues() throws {
        for value: TemplateValue in [false, [], "", .optional(nil), .html("")] {
            XCTAssertEqual(try render("[{{^value}}none{{/value}}]", ["value": value]), "[none]", "\(value)")
        }
    }

    func test_invertedSection_hidesForTrueNonEmptyAndObjectValues() throws {
        for value: TemplateValue in [true, ["a"], "text", .optional("text"), ["key": "value"], .object([:]), .html("<hr>")] {
            XCTAssertEqual(try render("[{{^value}}none{{/value}}]", ["value": value]), "[]", "\(value)")
        }
    }

    func test_invertedSection_keepsTheOuterContext() throws {
        XCTAssertEqual(try render("{{^items}}{{empty}}{{/items}}", ["items": [], "empty": "Nothing yet"]), "Nothing yet")
    }

    // MARK: - Names

    func test_dottedName_reachesIntoObjects() throws {
        let context: TemplateValue = ["comment": ["author": ["name": "Ada <3"]]]

        XCTAssertEqual(try render("{{comment.author.name}}", context), "Ada &lt;3")
    }

    func test_dottedName_throwsWhenAnInnerNameIsMissing() {
        let error = renderError("\n{{comment.author.nickname}}", ["comment": ["author": ["name": "Ada"]]])

        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("comment.author.nickname") == true, "\(String(describing: error))")
    }

    func test_dottedName_worksAsSectionName() throws {
        XCTAssertEqual(try render("{{#page.next}}<a href=\"{{href}}\">{{/page.next}}", ["page": ["next": ["href": "2.html"]]]), "<a href=\"2.html\">")
    }

    func test_lookup_fallsBackToOuterFrames() throws {
        let context: TemplateValue = ["label": "View", "items": [["id": "1"], ["id": "2"]]]

        XCTAssertEqual(try render("{{#items}}{{id}}:{{label}} {{/items}}", context), "1:View 2:View ")
    }

    func test_lookup_prefersTheInnermostFrame() throws {
        let context: TemplateValue = ["name": "outer", "inner": ["name": "inner"]]

        XCTAssertEqual(try render("{{name}} {{#inner}}{{name}}{{/inner}} {{name}}", context), "outer inner outer")
    }

    func test_dot_isTheCurrentItem() throws {
        XCTAssertEqual(try render("{{#names}}[{{.}}]{{/names}}", ["names": ["a", "b"]]), "[a][b]")
        XCTAssertEqual(try render("{{ . }}", "top & level"), "top &amp; level")
    }

    func test_render_throwsForUnknownNameWithTemplateNameAndLine() {
        let error = renderError("<html>\n<body>\n<p>{{missing}}</p>\n</body>", ["name": "x"], name: "page.html")

        XCTAssertEqual(error?.template, "page.html")
        XCTAssertEqual(error?.line, 3)
        XCTAssertTrue(error?.message.contains("missing") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.description.hasPrefix("page.html:3: ") == true, "\(String(describing: error))")
    }

    func test_render_namesTheValuesThereAreWhenANameIsUnknown() {
        let context: TemplateValue = ["title": "t", "items": [["src": "a.png"]]]

        XCTAssertEqual(renderError("{{#items}}{{titel}}{{/items}}", context)?.message, "no value named 'titel' (names here: items, src, title)")
        XCTAssertEqual(renderError("{{page.next}}", ["page": ["previous": "1.html"]])?.message, "no value named 'page.next' (names here: previous)")
        XCTAssertEqual(renderError("{{missing}}", [:])?.message, "no value named 'missing'")
    }

    func test_render_throwsForUnknownSectionName() {
        XCTAssertEqual(renderError("a\nb\n{{#missing}}x{{/missing}}", ["name": "x"])?.line, 3)
        XCTAssertEqual(renderError("{{^missing}}x{{/missing}}", ["name": "x"])?.line, 1)
    }

    func test_render_throwsForUnknownNameInsideAListItemWithItsLine() {
        XCTAssertEqual(renderError("{{#items}}\n<li>{{nmae}}</li>\n{{/items}}", ["items": [["name": "a"]]])?.line, 2)
    }

    func test_render_countsLinesOfMultiLineTagsBeforeAnError() {
        XCTAssertEqual(renderError("{{! a comment\nover two lines }}\n{{missing}}", [:])?.line, 3)
    }

    func test_render_countsWindowsLineEndingsForLineNumbers() {
        XCTAssertEqual(renderError("<html>\r\n<body>\r\n{{missing}}\r\n", [:])?.line, 3)
    }

    // MARK: - Comments and plain text

    func test_comments_vanish() throws {
        XCTAssertEqual(try render("a{{! a note with {braces} }}b{{!another}}c", [:]), "abc")
    }

    func test_multiLineComment_vanishes() throws {
        XCTAssertEqual(try render("a{{! line one\nline two }}b", [:]), "ab")
    }

    func test_render_keepsTextWithoutTagsAsIs() throws {
        let text = "<p>Plain & \"simple\" text\n  with { single } braces</p>\n"
        XCTAssertEqual(try render(text, [:]), text)
    }

    func test_render_isTheSameForEveryCall() throws {
        let template = try Template(name: "test.html", source: "{{#items}}{{v}}{{/items}}")

        XCTAssertEqual(try template.render(["items": [["v": "a"]]]), "a")
        XCTAssertEqual(try template.render(["items": [["v": "b"], ["v": "c"]]]), "bc")
    }

    func test_name_isKept() throws {
        XCTAssertEqual(try Template(name: "feed.html", source: "").name, "feed.html")
    }

    // MARK: - Helpers

    private func render(_ source: String, _ context: TemplateValue, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try Template(name: "test.html", source: source).render(context)
    }

    /// The error rendering throws, or `nil` (and a failure) when it does not throw.
    private func renderError(_ source: String, _ context: TemplateValue, name: String = "test.html", file: StaticString = #filePath, line: UInt = #line)
        -> TemplateError?
    {
        do {
            let template = try Template(name: name, source: source)
            let output = try template.render(context)
            XCTFail("Expected an error, rendered \(output.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
