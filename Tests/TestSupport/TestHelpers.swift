import FeedCore
import Foundation
import Hashing
import Synchronization
import XCTest

// Shared test helpers. Area-specific helpers live beside their tests.

public func anyURL() -> URL {
    URL(string: "http://any-url.com")!
}

public func anyData() -> Data {
    Data("any data".utf8)
}

public func anyError() -> NSError {
    NSError(domain: "any error", code: 0)
}

public func uniqueImage(description: String? = "any description", location: String? = "any location") -> FeedImage {
    FeedImage(id: UUID(), description: description, location: location, url: URL(string: "https://image.example/\(UUID().uuidString).png")!)
}

public func uniqueImageFeed(count: Int = 2) -> [FeedImage] {
    (0..<count).map { _ in uniqueImage() }
}

public func uniqueComment(message: String = "a message", createdAt: Date = Date(timeIntervalSince1970: 1_600_000_000), username: String = "a username")
    -> ImageComment
{
    ImageComment(id: UUID(), message: message, createdAt: createdAt, username: username)
}

public func httpResponse(_ statusCode: Int, url: URL = anyURL()) -> HTTPAnswer {
    HTTPAnswer(status: statusCode, url: url)
}

/// The wall clock, for a store that compares it with the times of files a test writes now.
public let wallClock: @Sendable () -> Date = { Date() }

/// A fixed instant for tests: 2024-05-20T11:24:59Z.
public func fixedNow() -> Date {
    Date(timeIntervalSince1970: 1_716_204_299)
}

extension Date {
    private static let utcGregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    public func adding(days: Int) -> Date {
        Date.utcGregorian.date(byAdding: .day, value: days, to: self)!
    }

    public func adding(seconds: TimeInterval) -> Date {
        addingTimeInterval(seconds)
    }

    /// Seven calendar days (UTC) earlier: a cache saved then expires exactly at `self`.
    public func minusCacheMaxAge() -> Date {
        adding(days: -CachePolicy.maxAgeInDays)
    }
}

/// A folder of its own for one test, removed when the test ends.
public func makeTemporaryFolder(for testCase: XCTestCase, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("feedsite-tests")
        .appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    testCase.addTeardownBlock {
        try? FileManager.default.removeItem(at: folder)
    }
    return folder
}

/// The folder of the repository's `Templates`, from this file's location.
public func repositoryTemplates() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Templates")
}

/// Every regular file under `folder`, as paths relative to it, sorted.
public func regularFiles(under folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
    var files: [String] = []
    for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        files.append(path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path)
    }
    return files.sorted()
}

/// The error `operation` throws, or `nil`.
public func errorOf<T>(_ operation: () async throws -> T) async -> Error? {
    do {
        _ = try await operation()
        return nil
    } catch {
        return error
    }
}

extension Array where Element == FeedImage {
    /// These images as feed items, all first seen at `date`.
    public func seen(at date: Date = fixedNow()) -> [FeedItem] {
        map { FeedItem(image: $0, firstSeen: date) }
    }
}

/// `count` unique feed items, each first seen at a different whole second before `fixedNow()`.
public func uniqueFeedItems(count: Int = 2) -> [FeedItem] {
    uniqueImageFeed(count: count).enumerated().map { index, image in
        FeedItem(image: image, firstSeen: fixedNow().addingTimeInterval(-Double(index + 1) * 3_600))
    }
}

/// The text of a `manifest.json` as feedsite writes it, listing `paths`, each with the size
/// and SHA-256 of the file at that path in `folder` (made up for a file that is not there):
/// what marks a folder as a site feedsite published.
public func feedsiteManifest(listing paths: [String], in folder: URL) -> String {
    let files = paths.sorted().map { path in
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        let digest = data.map { SHA256.hexDigest($0) } ?? String(repeating: "0", count: 64)
        return #"{"path": "\#(path)", "size": \#(data?.count ?? 0), "sha256": "\#(digest)"}"#
    }
    let run =
        #"{"api": "http://127.0.0.1/v1", "now": "2024-05-20T11:24:59Z", "feedSource": "live", "locales": ["en"], "items": 0, "#
        + #""feedPages": 1, "commentsPages": 0, "images": 0, "imagesFailed": 0, "comments": 0, "commentsFromCache": 0, "commentsUnavailable": 0}"#
    return #"{"generator": "feedsite 0.1.0", "run": \#(run), "files": [\#(files.joined(separator: ", "))]}"#
}

/// Every file under `folder` (relative path → bytes), for comparing whole sites.
public func snapshotOfFiles(in folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
    let base = folder.resolvingSymlinksInPath().path
    for case let url as URL in enumerator {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        let path = url.resolvingSymlinksInPath().path
        files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return files
}

/// Runs `body` in a task that is cancelled before `body` starts, as every task of a run is
/// once Ctrl-C has come, and returns what it returned or threw.
public func inCancelledTask<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async -> Result<T, any Error> {
    let task = Task { () -> Result<T, any Error> in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
    return await task.value
}

/// The inode number of the file at `path`, to tell whether two names are one file.
public func inode(_ path: String) throws -> UInt64 {
    try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: path))[.systemFileNumber] as? UInt64, "no inode number for \(path)")
}

/// The inode number of the file at `url`.
public func inode(_ url: URL) throws -> UInt64 {
    try inode(url.path)
}

/// IDs numbered from 1 as they are asked for (`00000000-0000-4000-8000-000000000001`, …),
/// from any thread: records a test can name in order.
public func numberedUUIDs() -> @Sendable () -> UUID {
    let count = Mutex(0)
    return {
        let number = count.withLock { count in
            count += 1
            return count
        }
        return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }
}
