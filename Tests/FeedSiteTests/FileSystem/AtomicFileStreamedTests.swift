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

/// Streamed writes and drafts: bytes put in place whole, only when committed, and not at all
/// when they are what the file already holds.
final class AtomicFileStreamedTests: XCTestCase {
    func test_writeStreamed_putsEveryByteInPlace_beyondTheWritersBuffer() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("big")
        let chunk = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })

        let wrote = try AtomicFile.write(toPath: file.path) { writer in
            try writer.write("text, ")
            try chunk.withUnsafeBytes { try writer.write($0) }
            try writer.write([1, 2, 3])
        }

        XCTAssertTrue(wrote)
        XCTAssertEqual(try Data(contentsOf: file), Data("text, ".utf8) + chunk + Data([1, 2, 3]))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["big"])
    }

    func test_writeStreamed_piecesThatCrossTheWritersBuffer_arePutInPlaceInOrder() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("pieces")
        let sizes = [7, 1_000, 70_000, 262_143, 1, 262_144, 200_000, 100_000, 3]
        let pieces = sizes.enumerated().map { number, size in [UInt8](repeating: UInt8(number + 1), count: size) }

        try AtomicFile.write(toPath: file.path) { writer in
            for (number, piece) in pieces.enumerated() {
                if number.isMultiple(of: 2) { try writer.write(piece) } else { try piece.withUnsafeBytes { try writer.write($0) } }
            }
        }

        XCTAssertEqual(try Data(contentsOf: file), Data(pieces.joined()))
    }

    func test_writeStreamed_unlessUnchanged_leavesAFileWithTheSameBytesAsItWas() throws {
        for size in [0, 10, 600_000] {
            let folder = try makeTemporaryFolder(for: self)
            let file = folder.appendingPathComponent("file")
            let bytes = [UInt8](repeating: 42, count: size)
            try AtomicFile.write(Data(bytes), to: file)
            let before = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int

            let wrote = try AtomicFile.write(toPath: file.path, unlessUnchanged: true) { try $0.write(bytes) }

            XCTAssertFalse(wrote, "size \(size)")
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int, before, "size \(size)")
            XCTAssertEqual(CacheFixtures.files(under: folder), ["file"], "size \(size)")
        }
    }

    func test_writeStreamed_unlessUnchanged_replacesAFileWithOtherBytesOfTheSameSize() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("old bytes".utf8), to: file)

        let wrote = try AtomicFile.write(toPath: file.path, unlessUnchanged: true) { try $0.write("new bytes") }

        XCTAssertTrue(wrote)
        XCTAssertEqual(try Data(contentsOf: file), Data("new bytes".utf8))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }

    func test_writeStreamed_whoseBodyFailsKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        struct Failure: Error {}
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("old".utf8), to: file)

        XCTAssertThrowsError(
            try AtomicFile.write(toPath: file.path) { writer in
                try writer.write([UInt8](repeating: 1, count: 600_000))
                throw Failure()
            }
        ) { error in
            XCTAssertTrue(error is Failure, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: file), Data("old".utf8))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }

    func test_draft_putsItsBytesInPlaceOnlyWhenCommitted() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("old".utf8), to: file)
        let draft = AtomicFile.Draft(path: file.path)

        try draft.writer.write("new, ")
        try draft.writer.write([UInt8](repeating: 65, count: 300_000))
        let before = try Data(contentsOf: file)
        let wrote = try draft.commit()

        XCTAssertEqual(before, Data("old".utf8), "the file is as it was until the commit")
        XCTAssertTrue(wrote)
        XCTAssertEqual(try Data(contentsOf: file), Data("new, ".utf8) + Data(repeating: 65, count: 300_000))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }

    func test_draft_discardedLeavesTheFileAsItWasAndNoTemporaryFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("old".utf8), to: file)
        let draft = AtomicFile.Draft(path: file.path)

        try draft.writer.write([UInt8](repeating: 1, count: 600_000))
        draft.discard()

        XCTAssertEqual(try Data(contentsOf: file), Data("old".utf8))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }

    func test_draft_prepared_hasItsBytesWrittenOutButTheFileAsItWasUntilCommitted() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("old".utf8), to: file)
        let draft = AtomicFile.Draft(path: file.path)
        try draft.writer.write("new")

        XCTAssertTrue(try draft.prepare())
        XCTAssertEqual(try Data(contentsOf: file), Data("old".utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: draft.writer.path)), Data("new".utf8), "written out whole")
        XCTAssertTrue(try draft.commit())

        XCTAssertEqual(try Data(contentsOf: file), Data("new".utf8))
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }

    func test_draft_preparedUnlessUnchanged_withTheSameBytes_hasNothingToPutInPlace() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = folder.appendingPathComponent("file")
        try AtomicFile.write(Data("same".utf8), to: file)
        let draft = AtomicFile.Draft(path: file.path, unlessUnchanged: true)
        try draft.writer.write("same")

        XCTAssertFalse(try draft.prepare())
        XCTAssertFalse(try draft.commit())
        XCTAssertEqual(CacheFixtures.files(under: folder), ["file"])
    }
}
