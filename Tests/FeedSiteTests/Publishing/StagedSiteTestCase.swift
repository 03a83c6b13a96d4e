import Foundation
import Hashing
import Publishing
import SiteGenerator
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The helpers the staged site's tests share.
protocol StagedSiteTestCase: XCTestCase {}

struct StagedFileAttributes: Equatable {
    let inode: UInt64
    let modified: Date?
    let size: Int
}

extension StagedSiteTestCase {
    static var manifestRun: Manifest.Run {
        Manifest.Run(
            api: "http://127.0.0.1:1/v1", now: "2024-05-20T11:24:59Z", feedSource: "live", feedSavedAt: nil, locales: ["en"], items: 0, feedPages: 0,
            commentsPages: 0, images: 0, imagesFailed: 0, comments: 0, commentsFromCache: 0, commentsUnavailable: 0
        )
    }

    func assertCounts(_ sut: StagedSite, written: Int, unchanged: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(sut.fileCounts.written, written, "written", file: file, line: line)
        XCTAssertEqual(sut.fileCounts.unchanged, unchanged, "unchanged", file: file, line: line)
    }

    func makeOutputURL() throws -> URL {
        try makeTemporaryFolder(for: self).appendingPathComponent("Output")
    }

    /// An output folder published by a run that wrote `index.html` and the manifest.
    func publishedSiteWithManifest(index: String) throws -> URL {
        let output = try makeOutputURL()
        let previous = try StagedSite(output: output)
        try previous.write(index, to: "index.html")
        try previous.writeManifest(generator: "test", run: Self.manifestRun)
        try previous.publish()
        return output
    }

    /// An output folder holding `files`, as a previous run (or a person) left it.
    func publishedSite(_ files: [String: String]) throws -> URL {
        let output = try makeOutputURL()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try SiteFixtures.write(files, under: output)
        return output
    }

    /// Every regular file under `folder`, dot-files included: relative path → text.
    func contents(of folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let path = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            if !isFolder(url) {
                result[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return result
    }

    func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func attributes(of file: URL) throws -> StagedFileAttributes {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return StagedFileAttributes(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.intValue ?? -1
        )
    }

    func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
