import Basics
import Foundation
import SiteGenerator

/// The files the history's pages read the items from, as paths from the history's root.
extension HistoryItems {
    /// How many of an item's ID's last characters name its file of spans: random in a random
    /// ID, and changing fastest in one counted up. One file (`items/all.js`) for a history
    /// of fewer than 256 items, 16 below 4,096, 256 from there (`history.js` tells the
    /// pages, as `itemsShard`), so a small history's files are not each a disk block for an
    /// item or two.
    public var shardLength: Int { items.count < 256 ? 0 : items.count < 4096 ? 1 : 2 }

    /// `items/<x>.js` (or `<xx>`, `shardLength`) for each ending the items' IDs have (lower case): one call of
    /// `feedsiteHistoryItems("xx", {ID: {"spans": …, "versions": [[from, to, holder] …],
    /// "gone": …}})`, which an item's comments page loads to say where in the history the
    /// item is and list its versions. A file changes only when one of its items' lines do.
    public func spanFiles() -> [(path: String, data: Data)] {
        var shards: [String: [Item]] = [:]
        for item in items { shards[shard(of: item.id), default: []].append(item) }
        return shards.keys.sorted().map { shard in
            let members = shards[shard, default: []].sorted { $0.id.text < $1.id.text }
            var text = "feedsiteHistoryItems(\"\(shard)\", {"
            for (index, item) in members.enumerated() {
                let versions = item.versions.map {
                    "[\(JSONText.quoted($0.from.text)), \(JSONText.quotedOrNull($0.to?.text)), \(JSONText.quoted($0.holder.text))]"
                }
                text += (index == 0 ? "\n" : ",\n") + "\(JSONText.quoted(item.id.text)): {\"spans\": [" + item.spans.map(\.json).joined(separator: ", ")
                text += "], \"versions\": [" + versions.joined(separator: ", ") + "], \"gone\": \(JSONText.quotedOrNull(item.gone?.text))"
                text += ", \"first_seen\": \(JSONText.quotedOrNull(item.firstSeenAt.map(ISO8601Date.format)))}"
            }
            text += "\n});\n"
            return ("items/\(shard).js", Data(text.utf8))
        }
    }

    /// The file of spans that holds `id`'s.
    func shard(of id: UUID) -> String {
        shardLength == 0 ? "all" : String(id.text.suffix(shardLength)).lowercased()
    }

    /// The history's search index under `search/`, in the live search's format, over every
    /// item in `items`' order: each result's record names, after the live search's fields,
    /// the latest snapshot that holds the item, which its link and picture come from. A
    /// snapshot's own feed pages search it too, for that snapshot's items alone: the file
    /// `s-<snapshot>` of each kept snapshot says which (`memberFiles`). The root
    /// `search/index.js` comes last, after the files it names.
    public func searchFiles() -> [(path: String, data: Data)] {
        var index = SearchIndex(itemCount: items.count)
        var records: [[UInt8]] = []
        var digests: [UInt8] = []
        records.reserveCapacity(items.count)
        for (place, item) in items.enumerated() {
            index.add(item.document.terms.split(separator: " ").map(String.init), item: place)
            var record = Array(item.document.record.utf8.dropLast())
            record.append(contentsOf: ", ".utf8)
            JSONText.appendQuoted(lastSeen(item)?.text ?? "", to: &record)
            record.append(UInt8(ascii: "]"))
            digests.append(contentsOf: SearchDocument.digest(record))
            records.append(record)
        }
        let terms = index.termFiles()
        let parts = terms.files + memberFiles()
        let generation = SearchIndex.generation(recordDigests: digests, termFiles: parts)
        var files: [(path: String, data: Data)] = parts.map { ("search/\(generation)/\($0.name).js", Data($0.text.utf8)) }
        let perFile = SearchDocument.docsPerFile
        for number in 0..<(records.count + perFile - 1) / perFile {
            let file = SearchDocument.file(number, records: records[number * perFile..<min(records.count, (number + 1) * perFile)].map { $0[...] })
            files.append(("search/\(generation)/\(file.name).js", Data(file.text.utf8)))
        }
        let root = SearchIndex.root(generation: generation, itemCount: items.count, docsPerFile: perFile, terms: terms)
        files.append(("search/index.js", Data(root.utf8)))
        return files
    }

    /// For each kept snapshot, the file `s-<snapshot>` of the history's search: which of the
    /// index's items the snapshot holds, a bit each (item `n` is bit `n % 8` of byte
    /// `n / 8`), in base64.
    func memberFiles() -> [SearchIndex.File] {
        let order = Dictionary(snapshots.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var members = [[UInt8]](repeating: [UInt8](repeating: 0, count: (items.count + 7) / 8), count: snapshots.count)
        for (number, item) in items.enumerated() {
            for span in item.spans {
                guard let from = order[span.from] else { continue }
                let to = span.to.flatMap { order[$0] } ?? snapshots.count - 1
                for snapshot in from...max(from, to) { members[snapshot][number / 8] |= 1 << (number % 8) }
            }
        }
        return zip(snapshots, members).map { name, bits in
            let file = "s-\(name.text)"
            return SearchIndex.File(name: file, text: SearchIndex.call(file, JSONText.quoted(Data(bits).base64EncodedString())))
        }
    }
}
