import FeedCore
import FileSystem
import Foundation
import Synchronization
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Test doubles and fixtures shared by the cache tests (Tests/FeedSiteTests/Cache only).

/// A `FeedStore` that records what it was asked and answers with stubbed results.
final class CacheFeedStoreSpy: FeedStore {
    enum ReceivedMessage: Equatable {
        case deleteCachedFeed
        case insert([FeedItem], Date)
        case retrieve
    }

    private struct State {
        var receivedMessages: [ReceivedMessage] = []
        var deletionResult: Result<Void, CacheError> = .success(())
        var insertionResult: Result<Void, CacheError> = .success(())
        var retrievalResult: Result<CachedFeed?, CacheError> = .success(nil)
    }

    private let state = Mutex(State())

    var receivedMessages: [ReceivedMessage] { state.withLock { $0.receivedMessages } }

    func completeDeletion(with error: CacheError) { state.withLock { $0.deletionResult = .failure(error) } }
    func completeDeletionSuccessfully() { state.withLock { $0.deletionResult = .success(()) } }
    func completeInsertion(with error: CacheError) { state.withLock { $0.insertionResult = .failure(error) } }
    func completeInsertionSuccessfully() { state.withLock { $0.insertionResult = .success(()) } }
    func completeRetrieval(with error: CacheError) { state.withLock { $0.retrievalResult = .failure(error) } }
    func completeRetrievalWithEmptyCache() { state.withLock { $0.retrievalResult = .success(nil) } }
    func completeRetrieval(with feed: [FeedItem], timestamp: Date) {
        state.withLock { $0.retrievalResult = .success(CachedFeed(feed: feed, timestamp: timestamp)) }
    }

    func retrieve() async throws(CacheError) -> CachedFeed? {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.retrieve)
            return try state.retrievalResult.get()
        }
    }

    func insert(_ feed: [FeedItem], timestamp: Date) async throws(CacheError) {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.insert(feed, timestamp))
            try state.insertionResult.get()
        }
    }

    func deleteCachedFeed() async throws(CacheError) {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.deleteCachedFeed)
            try state.deletionResult.get()
        }
    }
}

/// A `CommentsStore` that records what it was asked, per image, and answers with stubbed results.
final class CacheCommentsStoreSpy: CommentsStore {
    enum ReceivedMessage: Equatable {
        case delete(imageID: UUID)
        case insert([ImageComment], HTTPValidators?, Date, imageID: UUID)
        case refresh(HTTPValidators?, Date, imageID: UUID)
        case retrieve(imageID: UUID)
    }

    private struct State {
        var receivedMessages: [ReceivedMessage] = []
        var deletionResult: Result<Void, CacheError> = .success(())
        var insertionResult: Result<Void, CacheError> = .success(())
        var retrievalResult: Result<CachedComments?, CacheError> = .success(nil)
    }

    private let state = Mutex(State())

    var receivedMessages: [ReceivedMessage] { state.withLock { $0.receivedMessages } }

    func completeDeletion(with error: CacheError) { state.withLock { $0.deletionResult = .failure(error) } }
    func completeInsertion(with error: CacheError) { state.withLock { $0.insertionResult = .failure(error) } }
    func completeRetrieval(with error: CacheError) { state.withLock { $0.retrievalResult = .failure(error) } }
    func completeRetrievalWithEmptyCache() { state.withLock { $0.retrievalResult = .success(nil) } }
    func completeRetrieval(with comments: [ImageComment], timestamp: Date) {
        state.withLock { $0.retrievalResult = .success(CachedComments(comments: comments, timestamp: timestamp)) }
    }

    func retrieve(imageID: UUID) async throws(CacheError) -> CachedComments? {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.retrieve(imageID: imageID))
            return try state.retrievalResult.get()
        }
    }

    func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) async throws(CacheError) {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.insert(comments, validators, timestamp, imageID: imageID))
            try state.insertionResult.get()
        }
    }

    func refresh(validators: HTTPValidators?, timestamp: Date, imageID: UUID) async throws(CacheError) {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.refresh(validators, timestamp, imageID: imageID))
            try state.insertionResult.get()
        }
    }

    func delete(imageID: UUID) async throws(CacheError) {
        try state.withLock { (state) throws(CacheError) in
            state.receivedMessages.append(.delete(imageID: imageID))
            try state.deletionResult.get()
        }
    }
}

/// A clock the test can move; the loaders read it through their `now` closure.
final class CacheTestClock: Sendable {
    private let current: Mutex<Date>

    init(_ now: Date) {
        current = Mutex(now)
    }

    var now: Date {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

/// Values and file-system helpers for the cache tests.
enum CacheFixtures {
    /// A timestamp with fractional seconds, so a store that rounds or truncates time is caught.
    static func fractionalTimestamp(plusSeconds seconds: TimeInterval = 0) -> Date {
        Date(timeIntervalSince1970: 1_600_000_000.123456 + seconds)
    }

    /// Comments with fractional-second dates and text that JSON must escape.
    static func uniqueComments(count: Int = 2) -> [ImageComment] {
        (0..<count).map { index in
            uniqueComment(
                message: "message \(index) \"quoted\" <b>é</b>\nsecond line",
                createdAt: Date(timeIntervalSince1970: 1_590_000_000.654321 + Double(index)),
                username: "user \(index)")
        }
    }

    /// A feed that includes an image without description or location and text JSON must escape,
    /// its items first seen at different times, one of them with a fraction of a second.
    static func uniqueFeed() -> [FeedItem] {
        let images = [
            uniqueImage(description: "a \"description\"\nwith two lines", location: "Zürich"),
            uniqueImage(description: nil, location: nil),
            FeedImage(
                id: UUID(), description: nil, location: "a location",
                url: URL(string: "https://images.example/caf%C3%A9%20photo.png?size=large&after_id=\(UUID().uuidString)")!),
        ]
        return images.enumerated().map { index, image in
            FeedItem(image: image, firstSeen: Date(timeIntervalSince1970: 1_590_000_000.25 + Double(index) * 86_400))
        }
    }

    /// The 8-byte PNG signature followed by a few bytes that tell images apart.
    static func pngBytes(_ tag: String = UUID().uuidString) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("IHDR \(tag)".utf8)
    }

    static func jpegBytes(_ tag: String = UUID().uuidString) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data("JFIF \(tag)".utf8)
    }

    static func uniqueImageURL() -> URL {
        URL(string: "https://images.example/\(UUID().uuidString).png")!
    }

    /// Every regular file under `folder`, as paths relative to it, sorted.
    static func files(under folder: URL) -> [String] {
        regularFiles(under: folder)
    }

    /// Names of files under `folder` (at any depth) that are temporary files of an atomic write.
    static func temporaryFiles(under folder: URL) -> [String] {
        // The enumerator skips nothing by default, hidden files included.
        files(under: folder).filter { ($0 as NSString).lastPathComponent.hasPrefix(AtomicFile.temporaryMarker) }
    }

    /// Tests run as root in some containers, where folder permissions are not enforced.
    static func skipIfRunningAsRoot() throws {
        if getuid() == 0 {
            throw XCTSkip("running as root: folder permissions are not enforced")
        }
    }

    /// Makes `folder` read-only (r-x) for the rest of the test, restoring it afterwards so the
    /// temporary folder can be removed.
    static func makeReadOnly(_ folder: URL, for testCase: XCTestCase, file: StaticString = #filePath, line: UInt = #line) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        testCase.addTeardownBlock {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }

    /// A regular file at `url`, standing where a folder would have to be created.
    static func makeBlockingFile(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: url)
    }

    /// A non-empty folder at `url`, standing where a cache file would be: it cannot be read
    /// as a file nor unlinked.
    static func makeFolder(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: url.appendingPathComponent("inside"))
    }

    static let garbage = Data("invalid data \u{0}\u{1} not json {".utf8)
}

/// A store's failure, told apart from others by `entry`.
func anyCacheError(_ entry: String = "any entry") -> CacheError {
    .cannot(.read, entry, reason: "any reason")
}

/// Asserts that `error` is a `CacheError` for `operation` naming `entry` ("cache database
/// /c/cache.sqlite").
func assertCacheError(_ error: Error?, _ operation: CacheError.Operation, naming entry: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let error else {
        return XCTFail("Expected a CacheError (\(operation)) for \(entry), got no error", file: file, line: line)
    }
    guard case let .cannot(actual, actualEntry, _) = error as? CacheError else {
        return XCTFail("Expected a CacheError (\(operation)) for \(entry), got \(error)", file: file, line: line)
    }
    XCTAssertEqual(actual, operation, "operation", file: file, line: line)
    XCTAssertEqual(actualEntry, entry, "entry", file: file, line: line)
}

extension CommentsStore {
    /// Inserts comments without validators, as most specs do.
    func insert(_ comments: [ImageComment], timestamp: Date, imageID: UUID) async throws(CacheError) {
        try await insert(comments, validators: nil, timestamp: timestamp, imageID: imageID)
    }
}

/// `nil` when `body` succeeds, else "<label>: <error>": for the tasks of a group that must
/// all succeed, so the group can say which failed and why.
func failure(_ label: String, _ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return "\(label): \(error)"
    }
}

extension TaskGroup where ChildTaskResult == String? {
    /// The failures the group's tasks gave, in the order they finished.
    mutating func failures() async -> [String] {
        var failures: [String] = []
        for await failure in self { if let failure { failures.append(failure) } }
        return failures
    }
}
