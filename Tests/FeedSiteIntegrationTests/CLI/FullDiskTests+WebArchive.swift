import FeedSiteCLI
import FileSystem
import Foundation
import SampleAPI
import TestSupport
import XCTest

extension FullDiskTests {
    func test_generate_warcOnAFullDisk_publishesTheSiteAndSaysTheArchiveIsIncomplete_inOneLine() async throws {
        let (run, disk, server) = try fullSmallDisk()
        let warc = disk.appendingPathComponent("warc").path

        let full = await run.generate(api: server.apiRoot, ["--warc", warc])

        XCTAssertEqual(full.code, .failure, full.diagnostics)
        let errors = full.diagnostics.split(separator: "\n").filter { $0.hasPrefix("feedsite: error:") }
        XCTAssertEqual(errors.count, 1, full.diagnostics)
        let expected = "feedsite: error: the site was published to \(RealPath.of(run.site.path)), but the web archive in \(warc) is incomplete: "
        XCTAssertTrue(errors.first?.hasPrefix(expected) == true, full.diagnostics)
        XCTAssertTrue(errors.first?.contains("no space left on device writing \(warc)/") == true, full.diagnostics)
        XCTAssertTrue(FileManager.default.fileExists(atPath: run.file("index.html").path), "the site was published")
        let left = try FileManager.default.contentsOfDirectory(atPath: warc)
        XCTAssertEqual(left.filter { $0.hasSuffix(".warc.gz.open") }.count, 1, "the file is left unfinished: \(left)")
        XCTAssertEqual(left.filter { $0.hasPrefix(".feedsite-warc-spool-") }, [], "no body left aside")

        try emptyBallast(disk)
        let next = await run.generate(api: server.apiRoot, ["--warc", warc], currentDate: fixedNow().addingTimeInterval(60))
        XCTAssertEqual(next.code, .success, next.diagnostics)
        XCTAssertTrue(next.diagnostics.contains("web archive: feedsite-20240520T112459Z-00000.warc.gz.open in \(warc) was left unfinished"), next.diagnostics)
        XCTAssertTrue(FileManager.default.fileExists(atPath: warc + "/feedsite-20240520T112559Z-00000.warc.gz"))
    }

    func test_generate_waczOnAFullDisk_publishesTheSiteAndKeepsTheWARC_andSaysTheWACZWasNotWritten() async throws {
        let (run, disk, server) = try fullSmallDisk()
        let wacz = disk.appendingPathComponent("feed.wacz").path

        let full = await run.generate(api: server.apiRoot, ["--warc", "warc", "--wacz", wacz])

        XCTAssertEqual(full.code, .failure, full.diagnostics)
        let errors = full.diagnostics.split(separator: "\n").filter { $0.hasPrefix("feedsite: error:") }
        XCTAssertEqual(errors.count, 1, full.diagnostics)
        let expected = "feedsite: error: the site was published to \(RealPath.of(run.site.path)), but the WACZ \(wacz) was not written: no space left on device"
        XCTAssertTrue(errors.first?.hasPrefix(expected) == true, full.diagnostics)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted(), [FullDiskTests.ballast], "no half-written WACZ")
        let warc = try FileManager.default.contentsOfDirectory(atPath: run.root.appendingPathComponent("warc").path)
        XCTAssertEqual(warc.filter { $0.hasSuffix(".warc.gz") }.count, 1, "the web archive itself is whole: \(warc)")
    }

    /// A run folder, a disk of 1 MB beside it with 64 KB left, and an API of 12 items whose
    /// pictures need more than that.
    private func fullSmallDisk() throws -> (RunFolder, URL, SampleAPIServer) {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 1)
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 20_000, now: fixedNow()))
        try fill(disk, leaving: 64 * 1024)
        return (run, disk, server)
    }
}
