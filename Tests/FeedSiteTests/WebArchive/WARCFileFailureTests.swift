import FileSystem
import Foundation
import XCTest

@testable import WebArchive

final class WARCFileFailureTests: XCTestCase {
    func test_reason_ofAFullDisk_namesTheFileItFailedOn_ratherThanTheFolder() {
        let full = WARCFileFailure(path: "/srv/warc/.feedsite-warc-captures.tsv", error: FileSystemError.fromErrno(ENOSPC))

        XCTAssertEqual(ExchangeArchiver.reason(full, writing: "/srv/warc"), "no space left on device writing /srv/warc/.feedsite-warc-captures.tsv")
        XCTAssertEqual(ExchangeArchiver.reason(FileSystemError.fromErrno(ENOSPC), writing: "/srv/warc"), "no space left on device writing /srv/warc")
    }
}
