import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

/// The `ImageStore` contract: the cache store semantics for the index from image URL to
/// content, plus content addressing and export. Every image store's test case conforms.
protocol ImageStoreSpecs {
    func test_retrieve_deliversEmptyOnEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws
    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws
    func test_retrieve_deliversEmptyForAnotherURL() async throws
    func test_retrieve_deliversTheImageOfAURLWithQueryAndPercentEncoding() async throws

    func test_insert_deliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes() async throws
    func test_insert_detectsTheImageFormatFromItsBytes() async throws
    func test_insert_readsTheImageDimensionsFromItsHeader() async throws
    func test_insert_overridesPreviouslyInsertedDataForTheSameURL() async throws
    func test_insert_identicalBytesForTwoURLsAreOneStoredImage() async throws

    func test_delete_deliversNoErrorOnEmptyCache() async throws
    func test_delete_hasNoSideEffectsOnEmptyCache() async throws
    func test_delete_emptiesPreviouslyInsertedCache() async throws
    func test_delete_keepsAnotherURLWithIdenticalBytes() async throws

    func test_export_writesTheStoredBytesAtTheDestination() async throws
    func test_export_twiceToTheSameDestinationDoesNotFail() async throws
    func test_export_replacesOtherBytesAtTheDestination() async throws
    func test_export_deliversErrorForAnImageThatIsNotStored() async throws

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws
    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws
}

extension ImageStoreSpecs where Self: XCTestCase {
    func assertThatRetrieveDeliversEmptyOnEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        await expect(sut, toRetrieve: nil, for: CacheFixtures.uniqueImageURL(), file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()

        await expect(sut, toRetrieve: nil, for: url, file: file, line: line)
        await expect(sut, toRetrieve: nil, for: url, file: file, line: line)
    }

    func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()

        let inserted = await insert(data, for: url, to: sut, file: file, line: line)

        XCTAssertEqual(inserted, expectedImage(for: data), file: file, line: line)
        await expect(sut, toRetrieve: expectedImage(for: data), for: url, file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.jpegBytes()

        await insert(data, for: url, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: expectedImage(for: data), for: url, file: file, line: line)
        await expect(sut, toRetrieve: expectedImage(for: data), for: url, file: file, line: line)
    }

    func assertThatRetrieveDeliversEmptyForAnotherURL(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        await insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: CacheFixtures.uniqueImageURL(), file: file, line: line)
    }

    func assertThatRetrieveDeliversTheImageOfAURLWithQueryAndPercentEncoding(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = URL(string: "https://images.example/caf%C3%A9%20photo.png?size=large&id=\(UUID().uuidString)#top")!
        let similarURL = URL(string: "https://images.example/caf%C3%A9%20photo.png?size=large")!
        let data = CacheFixtures.pngBytes()

        await insert(data, for: url, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: expectedImage(for: data), for: url, file: file, line: line)
        await expect(sut, toRetrieve: nil, for: similarURL, file: file, line: line)
    }

    func assertThatInsertDeliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let inserted = await insert(Data("abc".utf8), for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line)

        // FIPS 180-2 test vector for "abc".
        XCTAssertEqual(inserted?.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", file: file, line: line)
        XCTAssertEqual(inserted?.byteCount, 3, file: file, line: line)
        XCTAssertEqual(inserted?.format, .unknown, file: file, line: line)
        XCTAssertEqual(inserted?.fileName, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.bin", file: file, line: line)
    }

    func assertThatInsertDetectsTheImageFormatFromItsBytes(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        // The URL says .png for all three; only the bytes count.
        let png = await insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line)
        let jpegURL = CacheFixtures.uniqueImageURL()
        let jpeg = await insert(CacheFixtures.jpegBytes(), for: jpegURL, to: sut, file: file, line: line)
        let unknown = await insert(Data("<html>not an image</html>".utf8), for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line)

        XCTAssertEqual(png?.format, .png, file: file, line: line)
        XCTAssertEqual(png.map { $0.fileName.hasSuffix(".png") }, true, file: file, line: line)
        XCTAssertEqual(jpeg?.format, .jpeg, file: file, line: line)
        XCTAssertEqual(jpeg.map { $0.fileName.hasSuffix(".jpg") }, true, file: file, line: line)
        XCTAssertEqual(unknown?.format, .unknown, file: file, line: line)
        await expect(sut, toRetrieve: jpeg, for: jpegURL, file: file, line: line)
    }

    func assertThatInsertReadsTheImageDimensionsFromItsHeader(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let pngURL = CacheFixtures.uniqueImageURL()
        let png = await insert(Data(ImageHeaderBytes.png(width: 640, height: 427)), for: pngURL, to: sut, file: file, line: line)
        let jpegURL = CacheFixtures.uniqueImageURL()
        let jpeg = await insert(Data(ImageHeaderBytes.jpeg(width: 1200, height: 800, exifPadding: 300_000)), for: jpegURL, to: sut, file: file, line: line)
        let unknown = await insert(Data("<svg width='2' height='2'/>".utf8), for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line)

        XCTAssertEqual(png?.dimensions, ImageDimensions(width: 640, height: 427), file: file, line: line)
        XCTAssertEqual(jpeg?.dimensions, ImageDimensions(width: 1200, height: 800), file: file, line: line)
        XCTAssertNil(unknown?.dimensions, file: file, line: line)
        await expect(sut, toRetrieve: png, for: pngURL, file: file, line: line)
        await expect(sut, toRetrieve: jpeg, for: jpegURL, file: file, line: line)
    }

    func assertThatInsertOverridesPreviouslyInsertedDataForTheSameURL(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()
        await insert(CacheFixtures.pngBytes("first"), for: url, to: sut, file: file, line: line)

        let latest = CacheFixtures.jpegBytes("latest")
        await insert(latest, for: url, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: expectedImage(for: latest), for: url, file: file, line: line)
    }

    func assertThatInsertIdenticalBytesForTwoURLsAreOneStoredImage(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let (first, second) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let data = CacheFixtures.pngBytes()

        let firstImage = await insert(data, for: first, to: sut, file: file, line: line)
        let secondImage = await insert(data, for: second, to: sut, file: file, line: line)

        XCTAssertEqual(firstImage, secondImage, file: file, line: line)
        await expect(sut, toRetrieve: expectedImage(for: data), for: first, file: file, line: line)
        await expect(sut, toRetrieve: expectedImage(for: data), for: second, file: file, line: line)
    }

    func assertThatDeleteDeliversNoErrorOnEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let error = await delete(CacheFixtures.uniqueImageURL(), from: sut)

        XCTAssertNil(error, "Expected deleting an empty cache to succeed", file: file, line: line)
    }

    func assertThatDeleteHasNoSideEffectsOnEmptyCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()

        await delete(url, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: url, file: file, line: line)
    }

    func assertThatDeleteEmptiesPreviouslyInsertedCache(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()
        await insert(CacheFixtures.pngBytes(), for: url, to: sut, file: file, line: line)

        await delete(url, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: url, file: file, line: line)
    }

    func assertThatDeleteKeepsAnotherURLWithIdenticalBytes(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let (deleted, kept) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let data = CacheFixtures.pngBytes()
        await insert(data, for: deleted, to: sut, file: file, line: line)
        await insert(data, for: kept, to: sut, file: file, line: line)

        await delete(deleted, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: deleted, file: file, line: line)
        await expect(sut, toRetrieve: expectedImage(for: data), for: kept, file: file, line: line)
    }

    func assertThatExportWritesTheStoredBytesAtTheDestination(on sut: any ImageStore, into folder: URL, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let data = CacheFixtures.pngBytes()
        guard let image = await insert(data, for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line) else { return }
        let destination = folder.appendingPathComponent(image.fileName)

        await export(image, to: destination, from: sut, file: file, line: line)

        XCTAssertEqual(try? Data(contentsOf: destination), data, file: file, line: line)
    }

    func assertThatExportTwiceToTheSameDestinationDoesNotFail(on sut: any ImageStore, into folder: URL, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let data = CacheFixtures.pngBytes()
        guard let image = await insert(data, for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line) else { return }
        let destination = folder.appendingPathComponent(image.fileName)

        await export(image, to: destination, from: sut, file: file, line: line)
        await export(image, to: destination, from: sut, file: file, line: line)

        XCTAssertEqual(try? Data(contentsOf: destination), data, file: file, line: line)
    }

    /// Whatever was at the destination (a stale or damaged copy), export leaves the image's bytes.
    func assertThatExportReplacesOtherBytesAtTheDestination(on sut: any ImageStore, into folder: URL, file: StaticString = #filePath, line: UInt = #line) async
    {
        let data = CacheFixtures.pngBytes()
        guard let image = await insert(data, for: CacheFixtures.uniqueImageURL(), to: sut, file: file, line: line) else { return }
        let destination = folder.appendingPathComponent(image.fileName)
        try? Data("stale bytes".utf8).write(to: destination)

        await export(image, to: destination, from: sut, file: file, line: line)

        XCTAssertEqual(try? Data(contentsOf: destination), data, "Expected the stored image's bytes at the destination", file: file, line: line)
    }

    func assertThatExportDeliversErrorForAnImageThatIsNotStored(on sut: any ImageStore, into folder: URL, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let data = CacheFixtures.pngBytes()
        let image = expectedImage(for: data)
        let destination = folder.appendingPathComponent(image.fileName)

        do {
            try await sut.export(image, to: destination)
            XCTFail("Expected exporting an image that is not stored to fail", file: file, line: line)
        } catch {
            guard case .cannot(.read, _, _) = error else {
                return XCTFail("Expected a read error, got \(error)", file: file, line: line)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), "Expected nothing at the destination", file: file, line: line)
    }

    func assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async {
        let url = CacheFixtures.uniqueImageURL()
        let last = CacheFixtures.pngBytes("last")

        await insert(CacheFixtures.pngBytes("first"), for: url, to: sut, file: file, line: line)
        await delete(url, from: sut, file: file, line: line)
        await insert(CacheFixtures.jpegBytes("second"), for: url, to: sut, file: file, line: line)
        await delete(url, from: sut, file: file, line: line)
        await insert(last, for: url, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: expectedImage(for: last), for: url, file: file, line: line)
    }

    /// Concurrent inserts for one URL (some bytes shared with other URLs) and deletes: none
    /// fails, and the URL ends pointing at complete bytes of one of its inserts.
    func assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let url = CacheFixtures.uniqueImageURL()
        let payloads = (0..<12).map { CacheFixtures.pngBytes("payload \($0)") }
        let otherURLs = payloads.map { _ in CacheFixtures.uniqueImageURL() }

        let errors = await withTaskGroup(of: String?.self) { group in
            for (index, data) in payloads.enumerated() {
                let otherURL = otherURLs[index]
                group.addTask { await failure("insert") { _ = try await sut.insert(data, for: url) } }
                group.addTask { await failure("insert other") { _ = try await sut.insert(data, for: otherURL) } }
                if index % 4 == 0 {
                    group.addTask { await failure("delete") { try await sut.delete(for: url) } }
                }
                group.addTask { await failure("retrieve") { _ = try await sut.retrieve(for: url) } }
            }
            return await group.failures()
        }
        XCTAssertEqual(errors, [], "Expected concurrent side effects to succeed", file: file, line: line)

        let lastRound = await withTaskGroup(of: String?.self) { group in
            for data in payloads {
                group.addTask { await failure("insert") { _ = try await sut.insert(data, for: url) } }
            }
            return await group.failures()
        }
        XCTAssertEqual(lastRound, [], "Expected concurrent inserts to succeed", file: file, line: line)

        do {
            let retrieved = try await sut.retrieve(for: url)
            XCTAssertNotNil(retrieved, "Expected an image after concurrent inserts", file: file, line: line)
            if let retrieved {
                XCTAssertTrue(
                    payloads.map(expectedImage(for:)).contains(retrieved), "Expected one of the inserted images, got \(retrieved)", file: file, line: line)
            }
            for (index, otherURL) in otherURLs.enumerated() {
                let other = try await sut.retrieve(for: otherURL)
                XCTAssertEqual(other, expectedImage(for: payloads[index]), "other URL \(index)", file: file, line: line)
            }
        } catch {
            XCTFail("Expected a readable store after concurrent side effects, got \(error)", file: file, line: line)
        }
    }
}
