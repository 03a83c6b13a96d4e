import Basics
import FileSystem
import Foundation
import Publishing
import SiteGenerator

/// What thinning leaves of a snapshot that shows item versions no kept snapshot shows: those
/// items' comments pages in every locale, as the snapshot had them (the same files, linked),
/// the files they show (their pictures, the stylesheet), a page per locale that lists them
/// in place of the snapshot's first feed page, `leftover.jsonl` (their records) and a
/// manifest. It keeps the snapshot's folder and its name, so every address of those pages
/// still leads to them. It is no snapshot: the calendar does not list it, and thinning
/// never comes back to it.
public enum SnapshotLeftover {
    /// The file that makes a folder of the history a leftover: a first line naming the
    /// thinned snapshot, then the kept items' records.
    public static let fileName = "leftover.jsonl"

    /// Makes in the empty folder `draft` what is left of the snapshot `name` in `folder`
    /// once only `records`' items are kept, in each locale of `renderers` (a snapshot's).
    public static func make(
        in draft: String, from folder: String, name: SnapshotName, keeping records: [SnapshotRecord], renderers: [SiteRenderer], generator: String,
        run: Manifest.Run
    ) throws {
        var placed = Set<String>()
        var shown = Set<String>()
        let firstPages = Set(renderers.map { $0.paths.feedPage(1) })
        var listed: [SnapshotRecord] = []
        for record in records {
            let pages = renderers.map { $0.paths.commentsPage(for: record.id) }
            guard pages.allSatisfy({ PlainFile.isShareable(folder + "/" + $0) }) else { continue }
            listed.append(record)
            for page in pages {
                try link(page, from: folder, to: draft)
                placed.insert(page)
                let html = try PublishError.naming(folder + "/" + page) { String(decoding: try PlainFile.read(folder + "/" + page) ?? Data(), as: UTF8.self) }
                shown.formUnion(PageLinks.targets(in: html, at: page))
            }
        }
        for target in shown.sorted() where !placed.contains(target) && !firstPages.contains(target) && !target.hasSuffix(".html") {
            guard PlainFile.isShareable(folder + "/" + target) else { continue }
            try link(target, from: folder, to: draft)
        }
        for renderer in renderers {
            let page = try renderer.historyLeftover(name.time, items: listed.map { ($0.id, $0.description, $0.location) })
            try PublishError.naming(draft + "/" + page.path) { try PlainFile.write(Data(page.html.utf8), to: draft + "/" + page.path, asNewFile: true) }
        }
        let text = "{\"thinned\": \(JSONText.quoted(name.text))}\n" + listed.map(\.line).joined()
        try PublishError.naming(draft + "/" + fileName) { try PlainFile.write(Data(text.utf8), to: draft + "/" + fileName, asNewFile: true) }
        try PublishError.naming(draft + "/" + Manifest.fileName) { try Manifest.write(generator: generator, run: run, listing: draft) }
    }

    /// The records of the items the leftover in `folder` keeps; `nil` when it is none.
    public static func records(in folder: String) -> [SnapshotRecord]? {
        guard let data = try? PlainFile.readRegular(folder + "/" + fileName, maxBytes: 1 << 30) else { return nil }
        return data.split(separator: UInt8(ascii: "\n")).dropFirst().compactMap { line in (try? JSONReader.read(Data(line))).flatMap(SnapshotRecord.init) }
    }

    /// Whether the folder is what thinning left of a snapshot.
    public static func isLeftover(_ folder: String) -> Bool {
        (try? PlainFile.kind(of: folder + "/" + fileName, followingLinks: false)) == .file
    }

    private static func link(_ path: String, from folder: String, to draft: String) throws {
        try PublishError.naming(draft + "/" + path) { try PlainFile.link(folder + "/" + path, to: draft + "/" + path, replacing: false) }
    }
}
