import Foundation
import Hashing
import TestSupport
import XCTest
import Zim

/// The ZIM file against the format, read back by our own reader.
final class ZimWriterFormatTests: XCTestCase {
    func test_write_headerSaysVersionSixOneAndWhereEachListIs() throws {
        let site = try ZimTestSite.make(for: self)
        let written = try site.write()
        let archive = try ZimArchive(path: site.zim.path)
        let header = archive.header

        XCTAssertEqual(Array(try Data(contentsOf: site.zim).prefix(4)), [0x5A, 0x49, 0x4D, 0x04], "the magic number, little-endian")
        XCTAssertEqual(header.majorVersion, 6)
        XCTAssertEqual(header.minorVersion, 1)
        XCTAssertEqual(header.mimeListStart, 80)
        XCTAssertEqual(header.entryCount, written.entries)
        XCTAssertEqual(header.clusterCount, written.clusters)
        XCTAssertEqual(header.layoutPage, 0xFFFF_FFFF)
        XCTAssertEqual(header.checksumStart + 16, written.size)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: site.zim.path)[.size] as? Int, written.size)
        XCTAssertEqual(
            archive.mimeTypes.sorted(),
            ["application/json", "application/octet-stream+zimlisting", "image/jpeg", "image/png", "text/html", "text/plain;charset=utf-8"])
    }

    func test_write_mainPageIsARedirectFromWToTheSitesIndex() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let archive = try ZimArchive(path: site.zim.path)

        let main = try archive.entry(at: Int(archive.header.mainPage))
        XCTAssertEqual(main.namespace, "W")
        XCTAssertEqual(main.path, "mainPage")
        guard case let .redirect(target) = main.target else { return XCTFail("the main page is a redirect") }
        XCTAssertEqual(try archive.entry(at: target).path, "index.html")
        XCTAssertEqual(try archive.entry(at: target).namespace, "C")
    }

    func test_write_listsEntriesByNamespaceThenPath() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let entries = try ZimArchive(path: site.zim.path).entries()
        let keys = entries.map { String($0.namespace) + "/" + $0.path }

        XCTAssertEqual(keys, keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        XCTAssertEqual(entries.filter { $0.namespace == "C" }.map(\.path), site.paths)
        XCTAssertEqual(Set(entries.map(\.namespace)), ["C", "M", "W", "X"])
    }

    func test_write_titlesEachPageByItsTitleElement_andTheTitleIndexOrdersByThem() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let archive = try ZimArchive(path: site.zim.path)
        let entries = try archive.entries()

        XCTAssertEqual(entries.first { $0.path == "photos/b.html" }?.title, "Sunset & sea")
        XCTAssertEqual(entries.first { $0.path == "images/one.jpg" }?.title, "", "no title: the path is its title")
        let byTitle = try archive.titleIndex().map { entries[$0] }
        let keys = byTitle.map { String($0.namespace) + "/" + ($0.title.isEmpty ? $0.path : $0.title) }
        XCTAssertEqual(byTitle.count, entries.count)
        XCTAssertEqual(keys, keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        XCTAssertEqual(byTitle.filter { $0.namespace == "C" }.prefix(2).map(\.title), ["Almond trees", "My Feed"])
    }

    func test_write_listingOfFrontPagesHoldsTheLiveSitesPagesByTitle() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let archive = try ZimArchive(path: site.zim.path)
        let listing = try archive.content(at: try XCTUnwrap(try archive.find("X", "listing/titleOrdered/v1")))
        let indexes = stride(from: 0, to: listing.count, by: 4).map { Int(listing[$0]) | Int(listing[$0 + 1]) << 8 }

        XCTAssertEqual(try indexes.map { try archive.entry(at: $0).path }, ["photos/a.html", "index.html", "photos/b.html"])
    }

    func test_write_endsWithTheMD5OfEverythingBeforeIt() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let bytes = [UInt8](try Data(contentsOf: site.zim))

        XCTAssertEqual(Array(bytes.suffix(16)), MD5.hash(bytes.dropLast(16)))
        XCTAssertTrue(try ZimArchive(path: site.zim.path).checksumMatches())
    }

    func test_write_carriesTheMetadataAKiwixReaderShows() throws {
        let site = try ZimTestSite.make(for: self)
        try site.write()
        let archive = try ZimArchive(path: site.zim.path)

        XCTAssertEqual(try archive.content("M", "Title"), "My Feed")
        XCTAssertEqual(try archive.content("M", "Language"), "eng")
        XCTAssertEqual(try archive.content("M", "Creator"), "api.example.com")
        XCTAssertEqual(try archive.content("M", "Publisher"), "feedsite")
        XCTAssertEqual(try archive.content("M", "Date"), "2024-01-02")
        XCTAssertEqual(try archive.content("M", "Source"), "https://example.com/")
        XCTAssertEqual(try archive.content("M", "Counter"), "application/json=1;image/jpeg=3;text/html=4")
        XCTAssertEqual(try archive.content(at: try XCTUnwrap(try archive.find("M", "Illustration_48x48@1"))), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try archive.content("C", "photos/b.html"), "<html><head><TITLE>\n  Sunset &amp; sea </TITLE></head></html>")
    }

    func test_write_groupsSmallFilesInClusters_aFileAsLargeAsOneAlone() throws {
        let site = try ZimTestSite.make(for: self)
        try site.put("big.bin", String(repeating: "b", count: 5_000))
        try site.write(clusterSize: 4_000)
        let archive = try ZimArchive(path: site.zim.path)
        let entries = try archive.entries()
        func cluster(_ path: String) -> Int? {
            guard case let .blob(cluster, _) = entries.first(where: { $0.path == path })?.target else { return nil }
            return cluster
        }

        XCTAssertEqual(cluster("history/2024-01-01/index.html"), cluster("index.html"), "small files share a cluster")
        let big = try XCTUnwrap(cluster("big.bin"))
        XCTAssertEqual(entries.filter { cluster($0.path) == big }.map(\.path), ["big.bin"])
        XCTAssertEqual(try archive.content("C", "big.bin").count, 5_000)
    }
}
