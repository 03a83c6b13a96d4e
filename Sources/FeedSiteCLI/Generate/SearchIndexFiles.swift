import FeedCore
import Foundation
import Publishing
import SiteGenerator
import Synchronization

/// Each locale's search index (`SearchIndex`), gathered while the comments load and written
/// with the feed pages.
///
/// Each item's terms and record are made in the task that loaded its comments, so the
/// folding runs on every core; the terms join the index and the record waits in a scratch
/// file until the index is named by its generation, which needs every record. So memory
/// holds the terms and their items, and eight bytes of digest and a place per item, never
/// the records (BENCHMARKS.md, "Search").
final class SearchIndexFiles: Sendable {
    private let itemCount: Int
    /// Where the scratch file was made (it has no name once open), for messages.
    private let scratchPath: String
    /// Places in the feed of items that came before (the same id twice): shown once.
    private let repeats: Set<Int>
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var index: SearchIndex
        let scratch: ScratchFile
        var places: [(offset: Int, length: Int)?]
        var digests: [UInt8]
    }

    init(entries: [SiteEntry], staged: StagedSite) throws(PublishError) {
        var seen = Set<UUID>()
        var repeats = Set<Int>()
        for (place, entry) in entries.enumerated() where !seen.insert(entry.id).inserted { repeats.insert(place) }
        let (scratch, scratchPath) = try staged.scratchFile("search")
        self.scratchPath = scratchPath
        itemCount = entries.count
        self.repeats = repeats
        state = Mutex(
            State(
                index: SearchIndex(itemCount: entries.count), scratch: scratch, places: Array(repeating: nil, count: entries.count),
                digests: Array(repeating: 0, count: entries.count * SearchDocument.digestBytes)))
    }

    /// Adds the item at `place` in the feed (each place once), with its comments, `nil` when
    /// there were none to have.
    func add(_ entry: SiteEntry, comments: [ImageComment]?, place: Int) throws(PublishError) {
        let terms = repeats.contains(place) ? [] : SearchDocument.terms(of: entry, comments: comments)
        let record = SearchDocument.record(of: entry, comments: comments)
        let digest = SearchDocument.digest(record)
        try state.withLock { (state) throws(PublishError) in
            state.index.add(terms, item: place)
            do {
                state.places[place] = try state.scratch.append(record)
            } catch {
                throw .writing(scratchPath, failedWith: error)
            }
            let start = place * SearchDocument.digestBytes
            state.digests.replaceSubrange(start..<start + digest.count, with: digest)
        }
    }

    /// Writes the index into each of `folders` (from the site root, each ending with `/`):
    /// the term files and the items' files under the generation's folder, then `index.js`.
    /// Every item must have been added.
    func write(to folders: [String], in staged: StagedSite) throws(PublishError) {
        try state.withLock { (state) throws(PublishError) in
            var index = SearchIndex(itemCount: itemCount)
            swap(&index, &state.index)
            let terms = index.termFiles()
            let generation = SearchIndex.generation(recordDigests: state.digests, termFiles: terms.files)
            func write(_ file: SearchIndex.File) throws(PublishError) {
                for folder in folders {
                    try staged.write(file.text, to: "\(folder)\(generation)/\(file.name).js")
                }
            }
            for file in terms.files { try write(file) }
            let perFile = SearchDocument.docsPerFile
            for number in 0..<(itemCount + perFile - 1) / perFile {
                var records: [String] = []
                for place in number * perFile..<min(itemCount, (number + 1) * perFile) {
                    guard let stored = state.places[place] else {
                        throw .cannotWrite("the search index", reason: "item \(place + 1) of \(itemCount) never came")
                    }
                    do {
                        records.append(String(decoding: try state.scratch.read(stored), as: UTF8.self))
                    } catch {
                        throw .writing(scratchPath, failedWith: error)
                    }
                }
                try write(SearchDocument.file(number, records: records))
            }
            let root = SearchIndex.root(generation: generation, itemCount: itemCount, docsPerFile: perFile, terms: terms)
            for folder in folders { try staged.write(root, to: folder + "index.js") }
        }
    }
}
