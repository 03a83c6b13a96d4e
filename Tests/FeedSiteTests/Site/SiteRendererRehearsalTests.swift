import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// A run renders sample pages before it fetches anything, so a template that names a value
/// the pages do not have fails at once, whichever branch of the data it sits in.
final class SiteRendererRehearsalTests: XCTestCase {
    func test_rehearse_passesWithTheRepositoryTemplatesInEveryLocaleWithAndWithoutABaseURL() throws {
        for baseURL in [nil, BaseURL("https://example.org/feed/")] {
            for renderer in try SiteFixtures.renderers(locales: ["en", "el", "pt-BR"], baseURL: baseURL) {
                XCTAssertNoThrow(try renderer.rehearse(), "\(renderer.locale), \(String(describing: baseURL))")
            }
        }
    }

    func test_rehearse_reachesEveryBranchOfTheFeedPage() throws {
        let branches = [
            "{{#items}}{{^location}}{{x}}{{/location}}{{/items}}",
            "{{#items}}{{^description}}{{x}}{{/description}}{{/items}}",
            "{{#items}}{{#description}}{{x}}{{/description}}{{/items}}",
            "{{#items}}{{^image}}{{x}}{{/image}}{{/items}}",
            "{{#items}}{{#image}}{{^size}}{{x}}{{/size}}{{/image}}{{/items}}",
            "{{#items}}{{#image}}{{#size}}{{x}}{{/size}}{{/image}}{{/items}}",
            "{{#notice}}{{x}}{{/notice}}",
            "{{^notice}}{{x}}{{/notice}}",
            "{{^hasItems}}{{x}}{{/hasItems}}",
            "{{#pagination}}{{#previous}}{{x}}{{/previous}}{{/pagination}}",
            "{{#pagination}}{{#next}}{{x}}{{/next}}{{/pagination}}",
            "{{^pagination}}{{x}}{{/pagination}}",
        ]
        for source in branches {
            let error = try rehearsalError(feed: source)
            XCTAssertEqual(error?.template, "theme/feed.html", source)
            XCTAssertEqual(error?.message.hasPrefix("no value named 'x'"), true, "\(source): \(String(describing: error))")
        }
    }

    func test_rehearse_reachesEveryBranchOfTheCommentsPage() throws {
        let branches = [
            "{{#error}}{{x}}{{/error}}", "{{#noComments}}{{x}}{{/noComments}}", "{{#comments}}{{x}}{{/comments}}", "{{^image}}{{x}}{{/image}}",
            "{{#image}}{{^size}}{{x}}{{/size}}{{/image}}", "{{^location}}{{x}}{{/location}}",
        ]
        for source in branches {
            let error = try rehearsalError(comments: source)
            XCTAssertEqual(error?.template, "theme/comments.html", source)
            XCTAssertEqual(error?.message.hasPrefix("no value named 'x'"), true, "\(source): \(String(describing: error))")
        }
    }

    func test_rehearse_reachesTheLayoutOfFeedAndCommentsPages() throws {
        for source in ["{{#back}}{{x}}{{/back}}", "{{^back}}{{x}}{{/back}}", "{{#search}}{{x}}{{/search}}", "{{^search}}{{x}}{{/search}}"] {
            let error = try rehearsalError(layout: source)
            XCTAssertEqual(error?.template, "theme/layout.html", source)
            XCTAssertEqual(error?.message.hasPrefix("no value named 'x'"), true, "\(source): \(String(describing: error))")
        }
    }

    // MARK: - Helpers

    /// What rehearsing throws with the repository's templates, one of them replaced by `source`.
    private func rehearsalError(layout: String? = nil, feed: String? = nil, comments: String? = nil) throws -> TemplateError? {
        let real = try SiteFixtures.templates()
        let templates = SiteTemplates(
            layout: try layout.map { try Template(name: "theme/layout.html", source: $0) } ?? real.layout,
            feed: try feed.map { try Template(name: "theme/feed.html", source: $0) } ?? real.feed,
            comments: try comments.map { try Template(name: "theme/comments.html", source: $0) } ?? real.comments,
            stylesheet: real.stylesheet, searchScript: real.searchScript, viewerScript: real.viewerScript, history: real.history,
            historyScript: real.historyScript,
            historyChanges: real.historyChanges)
        let renderer = SiteRenderer(
            templates: templates, strings: try SiteFixtures.strings("en"), paths: SitePaths(), languages: [], now: fixedNow(), apiHost: "example.org")
        do {
            try renderer.rehearse()
            return nil
        } catch {
            return error as? TemplateError
        }
    }
}
