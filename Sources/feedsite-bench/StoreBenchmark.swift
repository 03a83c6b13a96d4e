import FeedCore
import FeedStorage
import Foundation
import SampleAPI

/// `feedsite-bench store`: the cache database alone, without a network or a site, at each
/// size: saving a feed of N items, N comments lists in one batch (as the comments phase
/// does), reading the first-seen dates and the feed back, looking up every image's
/// comments, and pruning them all. The image bytes are files, not part of the database,
/// and left out. Prints seconds and microseconds per item, and each size's time per item
/// against the first size's.
enum StoreBenchmark {
    struct Row {
        let step: String
        let seconds: Double
    }

    static func run(sizes: [Int], comments: Int, scratch: URL) async throws {
        print("# The cache database alone\n")
        print("Machine: \(machineDescription()). SQLite \(CacheDatabase.sqliteVersion), scratch in \(scratch.path).\n")
        var perItem: [String: [Int: Double]] = [:]
        var steps: [String] = []
        for items in sizes {
            let rows = try await measure(items: items, comments: comments, folder: scratch.appendingPathComponent("store-\(items)"))
            print("## \(items) items, \(comments) comments each\n")
            print("| step | seconds | µs per item |")
            print("|---|---|---|")
            for row in rows {
                print("| \(row.step) | \(format(row.seconds, 3)) | \(format(row.seconds / Double(items) * 1_000_000, 2)) |")
                if perItem[row.step] == nil { steps.append(row.step) }
                perItem[row.step, default: [:]][items] = row.seconds / Double(items)
            }
            print("")
        }
        guard let first = sizes.first, sizes.count > 1 else { return }
        print("## Time per item against \(first) items\n")
        print("| step | " + sizes.dropFirst().map { "\($0) ÷ \(first)" }.joined(separator: " | ") + " |")
        print("|---|" + sizes.dropFirst().map { _ in "---|" }.joined())
        for step in steps {
            let ratios = sizes.dropFirst().map { size in format((perItem[step]?[size] ?? 0) / (perItem[step]?[first] ?? 1), 2) }
            print("| \(step) | " + ratios.joined(separator: " | ") + " |")
        }
        print("")
    }

    private static func measure(items: Int, comments: Int, folder: URL) async throws -> [Row] {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let source = SyntheticFeed(itemCount: items, commentsPerItem: comments, imageBytes: 100, now: now)
        let feed = (0..<items).map { index in
            let item = source.item(at: index)
            let url = URL(string: "https://images.example.org\(item.imagePath)")!
            return FeedItem(image: FeedImage(id: item.id, description: item.description, location: item.location, url: url), firstSeen: now)
        }
        try? FileManager.default.removeItem(at: folder)
        let cache = try CacheDatabase.open(folder: folder, now: now).database
        let feedStore = SQLiteFeedStore(cache)
        let commentsStore = SQLiteCommentsStore(cache)
        var rows: [Row] = []
        func timed(_ step: String, _ body: () async throws -> Void) async rethrows {
            let start = ContinuousClock.now
            try await body()
            rows.append(Row(step: step, seconds: (ContinuousClock.now - start).seconds))
        }
        try await timed("save the feed") { try feedStore.insert(feed, timestamp: now) }
        try await timed("save every image's comments (one batch)") {
            try await cache.batch {
                for index in 0..<items {
                    try commentsStore.insert(source.comments(forItemAt: index), validators: nil, timestamp: now, imageID: feed[index].image.id)
                }
            }
        }
        try await timed("read the first-seen dates") { _ = try feedStore.firstSeenDates() }
        try await timed("read the feed") { _ = try feedStore.retrieve() }
        try await timed("look up every image's comments") {
            for item in feed { _ = try commentsStore.retrieve(imageID: item.image.id) }
        }
        try await timed("prune every image's comments") { _ = try commentsStore.prune(now: now.addingTimeInterval(8 * 86_400)) }
        try? FileManager.default.removeItem(at: folder)
        return rows
    }
}
