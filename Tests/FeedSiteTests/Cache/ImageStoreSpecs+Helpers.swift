import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

/// The steps the `ImageStoreSpecs` assertions are made of: each store call, as an error to
/// check or as a step that fails the test.
extension ImageStoreSpecs where Self: XCTestCase {
    /// What the store must deliver for `data`: named by the SHA-256 of the bytes, lower-case hex.
    func expectedImage(for data: Data) -> StoredImage {
        StoredImage(sha256: SHA256.hexDigest(data), byteCount: data.count, format: ImageFormat.detect(data), dimensions: ImageDimensions.read(from: data))
    }

    @discardableResult
    func insert(_ data: Data, for url: URL, to sut: any ImageStore, file: StaticString, line: UInt) async -> StoredImage? {
        do {
            return try await sut.insert(data, for: url)
        } catch {
            XCTFail("Expected to insert the image successfully, got \(error)", file: file, line: line)
            return nil
        }
    }

    @discardableResult
    func delete(_ url: URL, from sut: any ImageStore) async -> CacheError? {
        do {
            try await sut.delete(for: url)
            return nil
        } catch {
            return error
        }
    }

    func delete(_ url: URL, from sut: any ImageStore, file: StaticString, line: UInt) async {
        if let error = await delete(url, from: sut) {
            XCTFail("Expected to delete the image successfully, got \(error)", file: file, line: line)
        }
    }

    func export(_ image: StoredImage, to destination: URL, from sut: any ImageStore, file: StaticString, line: UInt) async {
        do {
            try await sut.export(image, to: destination)
        } catch {
            XCTFail("Expected to export the image successfully, got \(error)", file: file, line: line)
        }
    }

    func retrieveError(for url: URL, from sut: any ImageStore, file: StaticString = #filePath, line: UInt = #line) async -> CacheError? {
        do {
            let retrieved = try await sut.retrieve(for: url)
            XCTFail("Expected retrieval to fail, got \(String(describing: retrieved))", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}

extension XCTestCase {
    /// Retrieves `url` from `sut` and fails the test unless it delivers `expected`.
    func expect(_ sut: any ImageStore, toRetrieve expected: StoredImage?, for url: URL, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let retrieved = try await sut.retrieve(for: url)
            XCTAssertEqual(retrieved, expected, file: file, line: line)
        } catch {
            XCTFail("Expected to retrieve \(String(describing: expected)), got \(error) instead", file: file, line: line)
        }
    }
}
