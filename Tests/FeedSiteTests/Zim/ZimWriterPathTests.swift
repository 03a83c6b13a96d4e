import Foundation
import TestSupport
import XCTest
import Zim

/// How the ZIM file spells the paths it keeps as a folder and a name, each stored once: every
/// path of every snapshot reads back whole, with its own bytes, in the order of whole paths.
final class ZimWriterPathTests: XCTestCase {
    func test_write_snapshotsRepeatingTheLiveSitesPaths_eachPathReadsBackWithItsOwnBytes() throws {
        let site = try ZimTestSite.make(for: self)
        // Folders whose names begin one another, a file at the top, a name that is also a
        // folder's first letters: orders where a path's folder and name split differently.
        let names = ["a.html", "a/b.html", "a/b/c.html", "a/bc.html", "ab/c.html", "a/b/c/d.html", "top.html"]
        for name in names {
            try site.put(name, "<html><head><title>live \(name)</title></head></html>")
            for day in ["2024-01-01", "2024-01-02", "2024-01-03"] {
                try site.put("history/\(day)/\(name)", "<html><head><title>\(day) \(name)</title></head></html>")
            }
        }
        try site.write()
        let archive = try ZimArchive(path: site.zim.path)
        let entries = try archive.entries()
        let paths = entries.filter { $0.namespace == "C" }.map(\.path)

        XCTAssertEqual(paths, site.paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for name in names {
            XCTAssertEqual(try archive.content("C", name), "<html><head><title>live \(name)</title></head></html>")
            XCTAssertEqual(try archive.content("C", "history/2024-01-02/\(name)"), "<html><head><title>2024-01-02 \(name)</title></head></html>")
            XCTAssertEqual(entries.first { $0.path == "history/2024-01-03/\(name)" }?.title, "2024-01-03 \(name)")
        }
        let byTitle = try archive.titleIndex().map { entries[$0] }
        let keys = byTitle.map { String($0.namespace) + "/" + ($0.title.isEmpty ? $0.path : $0.title) + "\u{0}" + $0.path }
        XCTAssertEqual(keys, keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    func test_write_leavesOutTheTopLevelNamesItSkips_notTheSameNamesDeeper() throws {
        let site = try ZimTestSite.make(for: self)
        try site.put(".feedsite.lock", "")
        try site.put(".notes/todo.txt", "mine")
        try site.put("assets/.keep", "")
        try site.write()
        let paths = try ZimArchive(path: site.zim.path).entries().filter { $0.namespace == "C" }.map(\.path)

        XCTAssertFalse(paths.contains { $0.hasPrefix(".") }, "the output's dot-files are the user's")
        XCTAssertTrue(paths.contains("assets/.keep"))
        XCTAssertTrue(paths.contains("history/2024-01-02/images/one.jpg"), "the history is packed with the site")
    }

    func test_write_aPageTitledWithItsOwnPath_storesNoTitle() throws {
        let site = try ZimTestSite.make(for: self)
        try site.put("notes/x.html", "<html><head><title>notes/x.html</title></head></html>")
        try site.write()
        let entries = try ZimArchive(path: site.zim.path).entries()

        XCTAssertEqual(entries.first { $0.path == "notes/x.html" }?.title, "")
    }
}
