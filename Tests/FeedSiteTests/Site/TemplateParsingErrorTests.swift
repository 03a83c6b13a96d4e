import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class TemplateParsingErrorTests: XCTestCase {
    func test_init_throwsForUnclosedSectionOnTheLineItOpens() {
        let error = parseError("<ul>\n{{#items}}\n<li>{{name}}</li>\n</ul>\n", name: "feed.html")

        XCTAssertEqual(error?.template, "feed.html")
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.message.contains("items") == true, "\(String(describing: error))")
    }

    func test_init_throwsForUnclosedInnerSection() {
        XCTAssertEqual(parseError("{{#outer}}\n{{#inner}}\n{{/outer}}")?.line, 3)
    }

    func test_init_throwsForMismatchedCloseOnItsLine() {
        let error = parseError("{{#items}}\n<li></li>\n{{/itemz}}")

        XCTAssertEqual(error?.line, 3)
        XCTAssertTrue(error?.message.contains("itemz") == true, "\(String(describing: error))")
        XCTAssertTrue(error?.message.contains("items") == true, "\(String(describing: error))")
    }

    func test_init_throwsForCloseWithoutOpenSection() {
        let error = parseError("<p>\n</p>\n{{/items}}")

        XCTAssertEqual(error?.line, 3)
        XCTAssertTrue(error?.message.contains("items") == true, "\(String(describing: error))")
    }

    func test_init_throwsForCloseAfterItsSectionWasAlreadyClosed() {
        XCTAssertEqual(parseError("{{#a}}{{/a}}\n{{/a}}")?.line, 2)
    }

    func test_init_throwsForUnclosedTagOnTheLineItOpens() {
        XCTAssertEqual(parseError("one\ntwo {{name\nthree")?.line, 2)
        XCTAssertEqual(parseError("one\n\n{{{body}}\n")?.line, 3)
        XCTAssertEqual(parseError("{{#items}")?.line, 1)
    }

    func test_init_throwsForInvalidTagNames() {
        for tag in [
            "{{}}", "{{ }}", "{{a b}}", "{{a-b}}", "{{.a}}", "{{a.}}", "{{#}}", "{{/}}", "{{^}}", "{{{}}}", "{{{a b}}}", "{{#a b}}", "{{<partial}}",
            "{{=<% %>=}}",
        ] {
            let error = parseError("first\nsecond\n\(tag)")
            XCTAssertEqual(error?.line, 3, tag)
        }
    }

    func test_init_acceptsLettersDigitsUnderscoresAndDots() throws {
        XCTAssertEqual(try Template(name: "t", source: "{{a_1.b2}}").render(["a_1": ["b2": "ok"]]), "ok")
    }

    func test_init_countsLinesAfterMultiLineTags() {
        XCTAssertEqual(parseError("{{! one\ntwo\nthree }}\n{{/stray}}")?.line, 4)
    }

    func test_init_acceptsSectionsNestedAsDeepAsTheLimit() throws {
        let depth = Template.maxNesting
        let source = String(repeating: "{{#a}}", count: depth) + "{{b}}" + String(repeating: "{{/a}}", count: depth)

        XCTAssertEqual(try Template(name: "t", source: source).render(["a": true, "b": "deep"]), "deep")
    }

    func test_init_throwsForASectionNestedDeeperThanTheLimitOnItsLine() {
        let depth = Template.maxNesting + 1
        let source = String(repeating: "{{#a}}\n", count: depth) + String(repeating: "{{/a}}\n", count: depth)

        let error = parseError(source, name: "feed.html")

        XCTAssertEqual(error?.template, "feed.html")
        XCTAssertEqual(error?.line, depth)
        XCTAssertEqual(error?.message, "{{#a}} opens a section 101 deep; sections nest at most 100 deep")
    }

    /// Parsing recursed once per open section: this many overflowed the stack.
    func test_init_throwsForTwentyThousandNestedSectionsWithoutRecursingIntoThemAll() {
        let source = String(repeating: "{{^a}}", count: 20_000) + "x" + String(repeating: "{{/a}}", count: 20_000)

        XCTAssertEqual(parseError(source)?.message, "{{^a}} opens a section 101 deep; sections nest at most 100 deep")
    }

    func test_description_namesTemplateAndLine() {
        XCTAssertEqual(TemplateError(template: "feed.html", line: 7, message: "oops").description, "feed.html:7: oops")
    }

    // MARK: - Helpers

    private func parseError(_ source: String, name: String = "test.html", file: StaticString = #filePath, line: UInt = #line) -> TemplateError? {
        do {
            _ = try Template(name: name, source: source)
            XCTFail("Expected \(source.debugDescription) not to parse", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
