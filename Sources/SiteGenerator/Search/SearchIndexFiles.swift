import FeedCore
import Foundation
import Synchronization

/// Each locale's search index (`SearchIndex`), gathered while the comments load and written
/// with the feed pages.
///
/// Each item's terms and record are made in the task that loaded its comments, so the
/// folding runs on every core; the terms join the index and the record waits in a scratch
/// file until the index is named by its generation, which needs every record. So memory
/// holds the terms and their items, and a digest and a place per item, never the records.
/// The records reach the scratch file a batch at a time and come back a file's worth at a
/// time, not a system call each. Every locale's index holds the same bytes: each file is
/// written once and linked into the other locales' folders.
public final class SearchIndexFiles: Sendable {
    private let itemCount: Int
    /// Places in the feed of items that came before (the same id twice): shown once.
    private let repeats: Set<Int>
    private let state: Mutex<State>

    /// An item was never added, so the index cannot be named.
    public struct Incomplete: Error, CustomStringConvertible {
        public let missing: Int
        public let itemCount: Int

        public var description: String { "cannot write the search index: item \(missing + 1) of \(itemCount) never came" }
    }

    private struct State: ~Copyable {
        var index: SearchIndex
        let scratch: any ScratchStorage
        /// Records not yet in the scratch file, and where in it they will start.
        var batch: [UInt8] = []
        var batchOffset = 0
        /// Where each item's record is in the scratch file; -1 until it has come.
        var offsets: [Int]
        var lengths: [Int32]
        var digests: [UInt8]
    }

    /// Records gathered before they go to the scratch file in one write.
    private static let batchBytes = 256 * 1024

    /// The index of `entries`, its records waiting in `scratch`, which it owns from now on.
    public init(entries: [SiteEntry], scratch: sending any ScratchStorage) {
        var seen = Set<UUID>()
        var repeats = Set<Int>()
        for (place, entry) in entries.enumerated() where !seen.insert(entry.id).inserted { repeats.insert(place) }
        itemCount = entries.count
        self.repeats = repeats
        state = Mutex(
            State(
                index: SearchIndex(itemCount: entries.count), scratch: scratch, offsets: Array(repeating: -1, count: entries.count),
                lengths: Array(repeating: 0, count: entries.count), digests: Array(repeating: 0, count: entries.count * SearchDocument.digestBytes)))
    }

    /// Adds the item at `place` in the feed (each place once), with its comments, `nil` when
    /// there were none to have.
    public func add(_ entry: SiteEntry, comments: [ImageComment]?, place: Int) throws {
        let terms = repeats.contains(place) ? [] : SearchDocument.terms(of: entry, comments: comments)
        let record = SearchDocument.record(of: entry, comments: comments)
        let digest = SearchDocument.digest(record)
        try state.withLock { state in
            state.index.add(terms, item: place)
            state.offsets[place] = state.batchOffset + state.batch.count
            state.lengths[place] = Int32(record.count)
            state.batch.append(contentsOf: record)
            let start = place * SearchDocument.digestBytes
            state.digests.replaceSubrange(start..<start + digest.count, with: digest)
            if state.batch.count >= Self.batchBytes { try flush(&state) }
        }
    }

    private func flush(_ state: inout State) throws {
        let place = try state.scratch.append(state.batch)
        state.batchOffset = place.offset + place.length
        state.batch.removeAll(keepingCapacity: true)
    }

    /// Writes the index into each of `folders` (from the site root, each ending with `/`):
    /// the term files and the items' files under the generation's folder, then `index.js`.
    /// Every item must have been added. Returns what was written, for `--verbose`. Throws
    /// `CancellationError` before the next file once the task is cancelled.
    public func write(to folders: [String], in site: some SiteFileWriter) throws -> Written {
        try state.withLock { state -> Written in
            try flush(&state)
            let terms = state.index.termFiles()
            let generation = SearchIndex.generation(recordDigests: state.digests, termFiles: terms.files)
            // Every locale's index holds the same bytes: written once, linked into the others.
            func write(_ file: SearchIndex.File) throws {
                try Task.checkCancellation()
                let paths = folders.map { "\($0)\(generation)/\(file.name).js" }
                guard let first = paths.first else { return }
                try site.write(file.text, to: first)
                for path in paths.dropFirst() { try site.link(first, to: path) }
            }
            for file in terms.files { try write(file) }
            let perFile = SearchDocument.docsPerFile
            let itemFiles = (itemCount + perFile - 1) / perFile
            for number in 0..<itemFiles {
                let places = number * perFile..<min(itemCount, (number + 1) * perFile)
                try write(SearchDocument.file(number, records: try records(places, from: state)))
            }
            let root = SearchIndex.root(generation: generation, itemCount: itemCount, docsPerFile: perFile, terms: terms)
            for folder in folders { try site.write(root, to: folder + "index.js") }
            return Written(termFiles: terms.files.count, itemFiles: itemFiles, locales: folders.count)
        }
    }

    /// The files of one locale's index, and how many locales have one.
    public struct Written: Equatable, Sendable {
        public let termFiles: Int
        public let itemFiles: Int
        public let locales: Int
    }

    /// The records of `places`, read from the scratch file in one go when they lie close
    /// together there, as items that load one after another do.
    private func records(_ places: Range<Int>, from state: borrowing State) throws -> [ArraySlice<UInt8>] {
        if let missing = places.first(where: { state.offsets[$0] < 0 }) {
            throw Incomplete(missing: missing, itemCount: itemCount)
        }
        let start = places.map { state.offsets[$0] }.min() ?? 0
        let end = places.map { state.offsets[$0] + Int(state.lengths[$0]) }.max() ?? 0
        if end - start <= Self.batchBytes {
            let span = try state.scratch.read((start, end - start))
            return places.map { span[state.offsets[$0] - start..<state.offsets[$0] - start + Int(state.lengths[$0])] }
        }
        var records: [ArraySlice<UInt8>] = []
        for place in places {
            records.append(try state.scratch.read((state.offsets[place], Int(state.lengths[place])))[...])
        }
        return records
    }
}
