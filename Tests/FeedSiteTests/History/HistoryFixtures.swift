import FeedCore
import Foundation
import Hashing
import History
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// Snapshots of two items made as a run makes them, for the history's tests.
enum HistoryFixtures {
    static let run = Manifest.Run(
        api: "https://api.example/v1", now: "2026-11-26T12:00:00Z", feedSource: "live", feedSavedAt: nil, locales: ["en"], items: 2, feedPages: 1,
        commentsPages: 2, images: 1, imagesFailed: 0, comments: 1, commentsFromCache: 0, commentsUnavailable: 0)

    /// The items' picture: bytes named, as every picture in a site is, by their SHA-256.
    static let picture = Data("png".utf8)
    static let stored = StoredImage(
        sha256: SHA256.hexDigest(picture), byteCount: picture.count, format: .png, dimensions: ImageDimensions(width: 640, height: 480))

    /// Two items, the first described as `description`, sharing one stored picture.
    static func entries(description: String = "A harbour") -> [SiteEntry] {
        [
            SiteEntry(image: SiteFixtures.image(id: SiteFixtures.firstID, description: description), stored: stored),
            SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID, description: "A bridge"), stored: stored),
        ]
    }

    /// A staged live site in `folder`: a stylesheet and the items' picture.
    static func stage(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        try Data("body {}".utf8).write(to: URL(fileURLWithPath: folder + "/assets/style.css"))
        try picture.write(to: URL(fileURLWithPath: folder + "/images/" + stored.fileName))
    }

    /// Snapshot `name` of `entries` with `comments` (a list an entry), made in `folder`
    /// against `previous`; `nil` when its data is as the previous snapshot's.
    static func make(
        _ name: String, entries: [SiteEntry], comments: [[ImageComment]], folder: String, previous: (file: SnapshotIndex, folder: String)?, staging: String
    ) throws -> SnapshotDraft.Prepared? {
        try stage(in: staging)
        let draft = try SnapshotDraft(
            name: try XCTUnwrap(SnapshotName(name)), folder: folder, previous: previous, renderers: try SiteFixtures.renderers(locales: ["en"]))
        for (index, entry) in entries.enumerated() {
            try draft.add(entry, comments: comments[index], index: index, neighbours: PhotoNeighbours(of: index, in: entries))
        }
        return try draft.finish(entries: entries, pageSize: 10, feedSavedAt: nil, staging: staging, generator: "feedsite test", run: run)
    }

    /// A history update of `history` by `policy` at `now`, in English.
    static func update(_ history: HistoryFolder, policy: HistoryKeepPolicy, now: Date) throws -> HistoryUpdate {
        HistoryUpdate(
            history: history, policy: policy, now: now, renderers: try SiteFixtures.renderers(locales: ["en"]), script: Data("/* script */".utf8),
            generator: "feedsite test", facts: run)
    }

    /// Makes snapshot `name` of the two items, the first described as `description`, and
    /// puts it into `history`, keeping every snapshot.
    static func snapshot(_ name: String, description: String, in history: HistoryFolder) throws {
        let staging = history.output.deletingLastPathComponent().path + "/staging-" + name
        let prepared = try make(
            name, entries: entries(description: description), comments: [[], []], folder: history.draftFolder(), previous: try history.latest(),
            staging: staging)
        _ = try update(history, policy: try HistoryKeepPolicy(parsing: "all"), now: fixedNow()).apply(try XCTUnwrap(prepared))
    }
}
