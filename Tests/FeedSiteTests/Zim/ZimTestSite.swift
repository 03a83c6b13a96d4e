import Foundation
import TestSupport
import XCTest
import Zim

/// A small site to pack: pages with titles, a picture, a copy and a hard link of it.
struct ZimTestSite {
    let folder: URL
    let zim: URL

    static func make(for testCase: XCTestCase) throws -> ZimTestSite {
        let root = try makeTemporaryFolder(for: testCase)
        let site = ZimTestSite(folder: root.appendingPathComponent("site"), zim: root.appendingPathComponent("out/site.zim"))
        try site.put("index.html", "<html><head><title>My Feed</title></head><body>feed</body></html>")
        try site.put("photos/b.html", "<html><head><TITLE>\n  Sunset &amp; sea </TITLE></head></html>")
        try site.put("photos/a.html", "<html><head><title>Almond trees</title></head></html>")
        try site.put("images/one.jpg", String(repeating: "j", count: 3_000))
        try site.put("history/2024-01-01/images/one.jpg", String(repeating: "j", count: 3_000))
        try site.put("history/2024-01-01/index.html", "<html><head><title>My Feed</title></head><body>old</body></html>")
        try FileManager.default.createDirectory(at: site.folder.appendingPathComponent("history/2024-01-02/images"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(
            at: site.folder.appendingPathComponent("images/one.jpg"), to: site.folder.appendingPathComponent("history/2024-01-02/images/one.jpg"))
        try site.put("manifest.json", "{}")
        try FileManager.default.createDirectory(at: site.zim.deletingLastPathComponent(), withIntermediateDirectories: true)
        return site
    }

    func put(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var paths: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        return enumerator.compactMap { $0 as? String }.filter { !isFolder($0) }.sorted()
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: self.folder.appendingPathComponent(path).path, isDirectory: &folder)
        return folder.boolValue
    }

    func content(metadata: ZimMetadata = Self.metadata(), mainPage: String = "index.html") -> ZimWriter.Content {
        ZimWriter.Content(
            folder: folder, skipping: { $0.hasPrefix(".") },
            mediaType: { $0.hasSuffix(".html") ? "text/html" : $0.hasSuffix(".jpg") ? "image/jpeg" : "application/json" },
            isFront: { !$0.hasPrefix("history/") }, mainPage: mainPage, metadata: metadata)
    }

    static func metadata(title: String = "My Feed") -> ZimMetadata {
        ZimMetadata(
            title: title, description: "Photos", longDescription: "Photos and their history", language: "eng", creator: "api.example.com",
            publisher: "feedsite", date: "2024-01-02", name: "api.example.com_en_all", tags: "feedsite", source: "https://example.com/",
            illustration48: [0x89, 0x50, 0x4E, 0x47])
    }

    @discardableResult
    func write(to path: URL? = nil, partSize: Int = ZimWriter.defaultPartSize, clusterSize: Int = ZimWriter.clusterSize, content: ZimWriter.Content? = nil)
        throws
        -> ZimWriter.Written
    {
        try ZimWriter.write(content ?? self.content(), to: (path ?? zim).path, partSize: partSize, clusterSize: clusterSize)
    }
}

extension ZimArchive {
    /// Every entry in URL order.
    func entries() throws -> [Entry] {
        try (0..<header.entryCount).map { try entry(at: $0) }
    }

    /// The bytes of the entry at `path` of `namespace`.
    func content(_ namespace: Character, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let index = try XCTUnwrap(try find(namespace, path), "no \(namespace)/\(path)", file: file, line: line)
        return String(decoding: try content(at: index), as: UTF8.self)
    }
}
