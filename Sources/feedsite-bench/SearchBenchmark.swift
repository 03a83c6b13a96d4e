import FeedCore
import Foundation
import Hashing
import SampleAPI
import SiteGenerator

/// `feedsite-bench search`: the search index alone, without a network or files, at each
/// size: for every item of the synthetic feed its terms (the rule), its record and the
/// record's digest, as the comments phase makes them on every core, then adding the terms
/// to the index, and the index's term files (sorting, splitting, encoding). Prints seconds,
/// microseconds per item, and the index's size: the term files, the records.
enum SearchBenchmark {
    static func run(sizes: [Int], comments: Int) {
        print("# The search index alone\n")
        print("Machine: \(machineDescription()). One thread.\n")
        print("| items | terms | records | digests | add | term files | total | µs per item | distinct terms | term files bytes | records bytes |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for items in sizes {
            measure(items: items, comments: comments)
        }
        print("")
    }

    private static func measure(items: Int, comments: Int) {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let source = SyntheticFeed(itemCount: items, commentsPerItem: comments, imageBytes: 100, now: now)
        let entries = (0..<items).map { index in
            let item = source.item(at: index)
            let image = FeedImage(
                id: item.id, description: item.description, location: item.location, url: URL(string: "https://example.org\(item.imagePath)")!)
            let stored = StoredImage(
                digest: SHA256.Digest(SHA256.hash(Array(item.imagePath.utf8))), byteCount: 100, format: .png,
                dimensions: ImageDimensions(width: 360, height: 360))
            return (SiteEntry(image: image, stored: stored, firstSeen: now), source.comments(forItemAt: index))
        }
        var seconds: [Double] = []
        func timed<T>(_ body: () -> T) -> T {
            let start = ContinuousClock.now
            let result = body()
            seconds.append((ContinuousClock.now - start).seconds)
            return result
        }
        let terms = timed { entries.map { SearchDocument.terms(of: $0.0, comments: $0.1) } }
        let records = timed { entries.map { SearchDocument.record(of: $0.0, comments: $0.1) } }
        _ = timed { records.map(SearchDocument.digest) }
        var index = SearchIndex(itemCount: items)
        timed { for (item, list) in terms.enumerated() { index.add(list, item: item) } }
        let distinct = Set(terms.joined()).count
        let files = timed { index.termFiles() }
        let total = seconds.reduce(0, +)
        let row = seconds.map { format($0, 3) } + [format(total, 3), format(total / Double(items) * 1_000_000, 2)]
        let sizes = [distinct, files.files.reduce(0) { $0 + $1.text.utf8.count }, records.reduce(0) { $0 + $1.count }]
        print("| \(items) | " + (row + sizes.map(String.init)).joined(separator: " | ") + " |")
    }
}
