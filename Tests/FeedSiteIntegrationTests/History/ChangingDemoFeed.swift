import FeedCore
import Foundation
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// The demo feed with items a test leaves out and descriptions it rewrites between runs.
final class ChangingDemoFeed: SampleFeedSource {
    private let demo: DemoFeed
    private let state = Mutex(State())

    private struct State {
        var left: Set<Int> = []
        var descriptions: [Int: String] = [:]
    }

    init(now: Date) {
        demo = DemoFeed(now: now)
    }

    /// From now on the feed has the demo's items but those at `indices` (the demo's places).
    func leaveOut(_ indices: Set<Int>) {
        state.withLock { $0.left = indices }
    }

    func describe(_ index: Int, as description: String) {
        state.withLock { $0.descriptions[index] = description }
    }

    private var shown: [Int] {
        let left = state.withLock { $0.left }
        return (0..<demo.itemCount).filter { !left.contains($0) }
    }

    var itemCount: Int { shown.count }

    func item(at index: Int) -> SampleItem {
        let place = shown[index]
        let item = demo.item(at: place)
        let description = state.withLock { $0.descriptions[place] } ?? item.description
        return SampleItem(id: item.id, description: description, location: item.location, imagePath: item.imagePath)
    }

    func index(of id: UUID) -> Int? {
        demo.index(of: id).flatMap { shown.firstIndex(of: $0) }
    }

    func comments(forItemAt index: Int) -> [ImageComment] {
        demo.comments(forItemAt: shown[index])
    }

    func image(at path: String) -> [UInt8]? {
        demo.image(at: path)
    }
}

extension XCTestCase {
    /// A history of one snapshot, 2026-11-24T12:00Z, made in a new folder over a demo feed
    /// the test can change; the command line that made it, for the next runs.
    func firstSnapshot() throws -> (folder: URL, feed: ChangingDemoFeed, generate: [String]) {
        let folder = try makeTemporaryFolder(for: self)
        let feed = ChangingDemoFeed(now: fixedNow())
        let server = try SampleAPIServer(source: feed)
        addTeardownBlock { server.stop() }
        let generate = ["generate", "--api", server.apiRoot.absoluteString, "--output", "site", "--cache", "cache", "--history"]
        XCTAssertEqual(try ExecutableRunner.run(generate + ["--now", "2026-11-24T12:00:00Z"], in: folder).status, 0)
        return (folder, feed, generate)
    }
}

extension XCTestCase {
    /// Every file of the history's `items/` (one for a small history), read as one text.
    func itemFiles(_ history: URL) throws -> String {
        let folder = history.appendingPathComponent("items")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined()
    }
}
