import FeedCore
import FileSystem
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class FileSystemErrorTests: XCTestCase {
    func test_fromErrno_keepsTheCodeAndTheSystemsReason() {
        let error = FileSystemError.fromErrno(ENOENT)

        XCTAssertEqual(error.code, ENOENT)
        XCTAssertEqual(error.description, String(cString: strerror(ENOENT)))
        XCTAssertTrue(error.isNoSuchFile)
    }

    func test_isNoSuchFile_isFalseForOtherErrors() {
        XCTAssertFalse(FileSystemError.fromErrno(EACCES).isNoSuchFile)
        XCTAssertFalse(FileSystemError("something else").isNoSuchFile)
    }

    func test_check_doesNotThrowOnZero() {
        XCTAssertNoThrow(try FileSystemError.check(0))
    }

    func test_check_throwsTheErrnoReasonOnFailure() throws {
        let missing = try makeTemporaryFolder(for: self).appendingPathComponent("missing")

        XCTAssertThrowsError(try FileSystemError.check(unlink(missing.path))) { error in
            XCTAssertEqual((error as? FileSystemError)?.code, ENOENT)
        }
    }

    func test_wrap_deliversTheOperationsValue() throws {
        XCTAssertEqual(try FileSystemError.wrap { 42 }, 42)
    }

    func test_wrap_keepsOnlyThePOSIXReasonOfAFoundationFileError() throws {
        let missing = try makeTemporaryFolder(for: self).appendingPathComponent("missing")

        XCTAssertThrowsError(try FileSystemError.wrap { try Data(contentsOf: missing) }) { error in
            XCTAssertEqual(error as? FileSystemError, FileSystemError.fromErrno(ENOENT))
        }
    }

    func test_wrap_rethrowsAFileSystemErrorUnchanged() {
        let original = FileSystemError("custom reason", code: EROFS)

        XCTAssertThrowsError(try FileSystemError.wrap { throw original }) { error in
            XCTAssertEqual(error as? FileSystemError, original)
        }
    }

    func test_reason_usesTheUnderlyingPOSIXError() {
        let error = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
            ])

        XCTAssertEqual(FileSystemError.reason(for: error), FileSystemError.fromErrno(ENOSPC))
    }

    func test_reason_ofAPOSIXError() {
        let error = NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))

        XCTAssertEqual(FileSystemError.reason(for: error), FileSystemError.fromErrno(EISDIR))
    }

    func test_reason_mapsCocoaFileErrorCodesToTheirPOSIXReasons() {
        let expectations: [(CocoaError.Code, Int32)] = [
            (.fileNoSuchFile, ENOENT),
            (.fileReadNoSuchFile, ENOENT),
            (.fileReadNoPermission, EACCES),
            (.fileWriteNoPermission, EACCES),
            (.fileWriteOutOfSpace, ENOSPC),
            (.fileWriteVolumeReadOnly, EROFS),
            (.fileWriteFileExists, EEXIST),
        ]
        for (cocoaCode, posixCode) in expectations {
            let error = NSError(domain: NSCocoaErrorDomain, code: cocoaCode.rawValue)

            XCTAssertEqual(FileSystemError.reason(for: error), FileSystemError.fromErrno(posixCode), "CocoaError code \(cocoaCode.rawValue)")
        }
    }

    func test_reason_ofAnotherErrorKeepsItsDescriptionWithoutACode() {
        let error = NSError(domain: "some domain", code: 123_456, userInfo: [NSLocalizedDescriptionKey: "a specific failure"])

        let reason = FileSystemError.reason(for: error)

        XCTAssertNil(reason.code)
        XCTAssertEqual(reason.description, "a specific failure")
    }

    func test_reason_doesNotMistakeAnotherDomainsErrorForAMissingFile() {
        // Code 4 is CocoaError.fileNoSuchFile only in NSCocoaErrorDomain.
        let error = NSError(domain: "some domain", code: CocoaError.fileNoSuchFile.rawValue, userInfo: [NSLocalizedDescriptionKey: "not a file error"])

        let reason = FileSystemError.reason(for: error)

        XCTAssertFalse(reason.isNoSuchFile, "Expected an error of another domain not to read as 'no such file': \(reason)")
    }
}
