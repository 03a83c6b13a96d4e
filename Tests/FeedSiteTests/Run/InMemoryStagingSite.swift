import FeedCore
import Foundation
import Publishing
import SiteGenerator
import Synchronization

@testable import FeedSiteCLI

/// A site staged in memory: every file a step writes, by path, and what was asked of it.
final class InMemoryStagingSite: StagingSite {
    let output = URL(fileURLWithPath: "/nowhere/site")
    let folder: String? = nil
    private let state = Mutex(State())

    private struct State {
        var files: [String: Data] = [:]
        var folders: [String] = []
        var manifest: Manifest.Run?
        var flushesStarted = 0
        var published = false
        var scratches: [String] = []
    }

    /// Makes the next `publish` throw this instead.
    let publishError: (any Error)?

    init(publishError: (any Error)? = nil) {
        self.publishError = publishError
    }

    var files: [String: Data] { state.withLock { $0.files } }
    var folders: [String] { state.withLock { $0.folders } }
    var manifest: Manifest.Run? { state.withLock { $0.manifest } }
    var flushesStarted: Int { state.withLock { $0.flushesStarted } }
    var published: Bool { state.withLock { $0.published } }
    var scratches: [String] { state.withLock { $0.scratches } }

    func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    var fileCounts: StagedSite.Counts {
        var counts = StagedSite.Counts()
        counts.written = files.count
        return counts
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        try Task.checkCancellation()
        state.withLock { $0.files[path] = data }
    }

    func write(_ page: PageDraft) throws {
        try write(try page.render(), to: page.path)
    }

    func link(_ existing: String, to path: String) throws {
        state.withLock { $0.files[path] = $0.files[existing] }
    }

    func prepareFolder(_ folder: String) throws {
        state.withLock { $0.folders.append(folder) }
    }

    func placeImage(_ image: StoredImage, at path: String, from store: any ImageStore) async throws(CacheError) {
        state.withLock { $0.files[path] = Data("image \(image.digest)".utf8) }
    }

    func orderedLines(at path: String) throws -> any OrderedLines {
        InMemoryOrderedLines(path: path, site: self)
    }

    func scratch(_ name: String) throws -> any ScratchStorage {
        state.withLock { $0.scratches.append(name) }
        return InMemoryScratch()
    }

    func writeManifest(generator: String, run: Manifest.Run) throws {
        state.withLock {
            $0.manifest = run
            $0.files["manifest.json"] = Data(generator.utf8)
        }
    }

    func startFlush() {
        state.withLock { $0.flushesStarted += 1 }
    }

    func publish() async throws {
        try Task.checkCancellation()
        if let publishError { throw publishError }
        state.withLock { $0.published = true }
    }
}

/// Lines held until the file is finished, then written in their order.
final class InMemoryOrderedLines: OrderedLines {
    let path: String
    private let site: InMemoryStagingSite
    private let lines = Mutex<[Int: String]>([:])

    init(path: String, site: InMemoryStagingSite) {
        self.path = path
        self.site = site
    }

    func add(_ line: String, number: Int) throws {
        lines.withLock { $0[number] = line }
    }

    func finish(count: Int) throws {
        let all = lines.withLock { held in (0..<count).map { held[$0] ?? "" } }
        try site.write(all.joined(), to: path)
    }
}

/// Scratch bytes in memory.
final class InMemoryScratch: ScratchStorage {
    private var bytes: [UInt8] = []

    func append(_ more: [UInt8]) throws -> (offset: Int, length: Int) {
        defer { bytes += more }
        return (bytes.count, more.count)
    }

    func read(_ place: (offset: Int, length: Int)) throws -> [UInt8] {
        Array(bytes[place.offset..<place.offset + place.length])
    }
}
