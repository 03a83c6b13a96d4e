import Foundation
import Hashing
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// A web server serving the output while feedsite republishes it must never see a missing
/// or half-written file: the new site is swapped in whole.
final class AtomicPublishTests: XCTestCase {
    func test_aReaderPollingTheSiteDuringRepublishingNeverSeesAMissingOrPartialFile() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 30, commentsPerItem: 1, imageBytes: 2_048, now: fixedNow()))
        let run = try makeRunFolder()
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        let reader = SiteReader(site: run.site)
        reader.start()

        // Alternate two different sites (10 and 4 items on the first page) over the same images.
        for round in 0..<8 {
            let result = await run.generate(api: server.apiRoot, ["--page-size", round.isMultiple(of: 2) ? "4" : "10"])
            XCTAssertEqual(result.code, .success, result.diagnostics)
        }
        let report = reader.stop()

        XCTAssertEqual(report.problems, [])
        XCTAssertGreaterThan(report.pagesRead, 0, "the reader read the site while it was republished")
        XCTAssertEqual(report.distinctFirstPages, 2, "the reader saw both versions of the site")
    }
}

/// Reads `index.html` and every image it links, over and over on its own thread, checking
/// that the page is complete and every image's bytes hash to its name.
private final class SiteReader: Sendable {
    struct Report {
        var pagesRead = 0
        var problems: [String] = []
        var distinctFirstPages = 0
    }

    private let site: URL
    private let state = Mutex((stop: false, pagesRead: 0, problems: [String](), pages: Set<Data>()))
    private let finished = DispatchSemaphore(value: 0)

    init(site: URL) {
        self.site = site
    }

    func start() {
        let thread = Thread { [self] in
            defer { finished.signal() }
            while !state.withLock({ $0.stop }) {
                readOnce()
            }
        }
        thread.start()
    }

    func stop() -> Report {
        state.withLock { $0.stop = true }
        finished.wait()
        return state.withLock { Report(pagesRead: $0.pagesRead, problems: $0.problems, distinctFirstPages: $0.pages.count) }
    }

    private func readOnce() {
        guard let page = try? Data(contentsOf: site.appendingPathComponent("index.html")) else {
            return note("index.html was missing")
        }
        let html = String(decoding: page, as: UTF8.self)
        guard html.hasSuffix("</html>\n") else { return note("index.html was incomplete (\(page.count) bytes)") }
        for name in imageNames(in: html) {
            guard let bytes = try? Data(contentsOf: site.appendingPathComponent("images/\(name)")) else {
                return note("images/\(name) was missing")
            }
            guard name.hasPrefix(SHA256.hexDigest(bytes)) else { return note("images/\(name) was incomplete") }
        }
        state.withLock {
            $0.pagesRead += 1
            $0.pages.insert(page)
        }
    }

    private func note(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }

    private func imageNames(in html: String) -> [String] {
        html.split(separator: "\"").filter { $0.hasPrefix("images/") && $0 != "images/" }.map { String($0.dropFirst("images/".count)) }
    }
}
