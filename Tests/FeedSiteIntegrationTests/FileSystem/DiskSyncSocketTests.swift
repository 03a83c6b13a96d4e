import Foundation
import TestSupport
import XCTest

@testable import FileSystem

/// The flush meeting a file it cannot open: a Unix socket, which needs a real one bound.
final class DiskSyncSocketTests: XCTestCase {
    func test_startFlush_reportsWhatStoppedTheRealFlush() async throws {
        let socketFile = try makeTemporaryFolder(for: self).appendingPathComponent("socket").path
        let socket = try bindSocket(at: socketFile)
        defer { close(socket) }

        let error = await DiskSync.startFlush([socketFile]).finished()

        XCTAssertEqual(error?.code, ENXIO, "a socket cannot be opened to be flushed")
    }

    /// A Unix socket bound at `path`: a file that exists but cannot be opened.
    private func bindSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FileSystemError.fromErrno() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let error = FileSystemError.fromErrno()
            close(descriptor)
            throw error
        }
        return descriptor
    }
}
