import FeedSiteCLI
import FileSystem
import Foundation
import SampleAPI
import TestSupport
import XCTest

extension FullDiskTests {
    func test_generate_zimOnAFullDisk_publishesTheSiteAndSaysTheZIMWasNotWritten_leavingNoFile() async throws {
        let run = try makeRunFolder()
        let disk = try mountSmallDisk(at: run.root.appendingPathComponent("disk"), megabytes: 1)
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 1, imageBytes: 20_000, now: fixedNow()))
        try fill(disk, leaving: 64 * 1024)
        let zim = disk.appendingPathComponent("feed.zim").path

        let full = await run.generate(api: server.apiRoot, ["--zim", zim])

        XCTAssertEqual(full.code, .failure, full.diagnostics)
        let errors = full.diagnostics.split(separator: "\n").filter { $0.hasPrefix("feedsite: error:") }
        XCTAssertEqual(errors.count, 1, full.diagnostics)
        let expected = "feedsite: error: the site was published to \(RealPath.of(run.site.path)), but the ZIM file was not written: no space left on device"
        XCTAssertTrue(errors.first?.hasPrefix(expected) == true, full.diagnostics)
        XCTAssertTrue(FileManager.default.fileExists(atPath: run.file("index.html").path), "the site was published")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted(), [FullDiskTests.ballast], "no half-written ZIM file")
    }
}
