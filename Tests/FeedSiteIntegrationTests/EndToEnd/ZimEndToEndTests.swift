import Foundation
import TestSupport
import XCTest
import Zim

/// `--zim` and `feedsite zim` through the built executable: a demo site with a history of
/// three snapshots packed, then read back entry by entry.
final class ZimEndToEndTests: XCTestCase {
    func test_demoWithHistory_packsEveryFileOfTheSiteAndItsHistory_sharedFilesStoredOnce() throws {
        let folder = try publishedSiteWithHistory(zim: "feed.zim")
        let site = folder.appendingPathComponent("site")
        let archive = try ZimArchive(path: folder.appendingPathComponent("feed.zim").path)

        XCTAssertTrue(try archive.checksumMatches())
        let files = regularFiles(under: site).filter { !$0.hasPrefix(".") }
        XCTAssertTrue(files.contains { $0.hasPrefix("history/20240503T000000Z/") }, "three snapshots: \(files.prefix(5))")
        var blobs: [String: ZimArchive.Entry.Target] = [:]
        for path in files {
            let index = try XCTUnwrap(try archive.find("C", path), path)
            XCTAssertEqual(try archive.content(at: index), [UInt8](try Data(contentsOf: site.appendingPathComponent(path))), path)
            let inode = try inode(site.appendingPathComponent(path))
            let target = try archive.entry(at: index).target
            if let earlier = blobs["\(inode)"] { XCTAssertEqual(target, earlier, "\(path): a hard link shares its blob") }
            blobs["\(inode)"] = target
        }
        let main = try archive.entry(at: Int(archive.header.mainPage))
        guard case let .redirect(page) = main.target else { return XCTFail("W/mainPage redirects") }
        XCTAssertEqual(try archive.entry(at: page).path, "index.html")
        XCTAssertEqual(String(decoding: try archive.content(at: try XCTUnwrap(try archive.find("M", "Language"))), as: UTF8.self), "eng")
    }

    func test_zimCommand_packsTheSameBytesAsTheRun_andItsPartsJoinedAreThem() throws {
        let folder = try publishedSiteWithHistory(zim: "run.zim")

        let whole = try ExecutableRunner.run(["zim", "--output", "site", "again.zim"], in: folder)
        let parted = try ExecutableRunner.run(["zim", "--output", "site", "--zim-part-size", "1M", "parts.zim"], in: folder)

        XCTAssertEqual(whole.status, 0, whole.standardError)
        XCTAssertEqual(parted.status, 0, parted.standardError)
        let run = try Data(contentsOf: folder.appendingPathComponent("run.zim"))
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("again.zim")), run, "the same site packs to the same bytes")
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("parts.zim") }.sorted()
        XCTAssertEqual(parts.first, "parts.zimaa")
        XCTAssertEqual(parts.count, (run.count + (1 << 20) - 1) >> 20, "\(parts)")
        XCTAssertEqual(try parts.reduce(Data()) { $0 + (try Data(contentsOf: folder.appendingPathComponent($1))) }, run)
        let verified = try ExecutableRunner.run(["verify", "parts.zim"], in: folder)
        XCTAssertEqual(verified.status, 0, verified.standardError)
        XCTAssertTrue(verified.standardOutput.contains("checksum matches; all "), verified.standardOutput)
    }

    func test_verify_ofAZIMWithAChangedByte_failsNamingTheDamage() throws {
        let folder = try publishedSiteWithHistory(zim: "feed.zim")
        let file = folder.appendingPathComponent("feed.zim")
        var bytes = try Data(contentsOf: file)
        bytes[2_000] ^= 0xFF
        try bytes.write(to: file)

        let verified = try ExecutableRunner.run(["verify", "feed.zim"], in: folder)

        XCTAssertEqual(verified.status, 1)
        XCTAssertTrue(verified.standardError.contains("its MD5 checksum does not match its bytes"), verified.standardError)
    }

    func test_zimCommand_refusesAFileInsideTheOutput_asAUsageError() throws {
        let folder = try publishedSiteWithHistory(zim: nil)

        let refused = try ExecutableRunner.run(["zim", "--output", "site", "site/feed.zim"], in: folder)

        XCTAssertEqual(refused.status, 2, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("is inside the output folder"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/feed.zim").path))
    }

    /// A folder holding `site`, published three times by the demo with `--history`, the last
    /// run packing it into `zim` when given, and saying where it went.
    private func publishedSiteWithHistory(zim: String?) throws -> URL {
        let folder = try makeTemporaryFolder(for: self)
        let days = ["2024-05-01", "2024-05-02", "2024-05-03"]
        for day in days {
            let packing = day == days.last ? zim.map { ["--zim", $0] } ?? ["--quiet"] : ["--quiet"]
            let run = try ExecutableRunner.run(["demo", "--output", "site", "--cache", "cache", "--history", "--now", day] + packing, in: folder)
            XCTAssertEqual(run.status, 0, run.standardError)
            if let zim, day == days.last {
                XCTAssertTrue(run.standardError.contains("zim: \(folder.appendingPathComponent(zim).path): "), run.standardError)
            }
        }
        return folder
    }
}
