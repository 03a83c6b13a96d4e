import XCTest

@testable import LoopbackHTTP

final class LoopbackServerCoreTests: XCTestCase {
    func test_connectionLimit_isTheConfiguredOneWhenTheProcessMayOpenFilesEnough() {
        XCTAssertEqual(LoopbackServerCore.connectionLimit(256, descriptorLimit: 1024), 256)
        XCTAssertEqual(LoopbackServerCore.connectionLimit(256, descriptorLimit: .max), 256)
    }

    /// Past the descriptor table's end a connection waits unanswered in the queue; within
    /// it, one past the limit is at least told 503.
    func test_connectionLimit_keepsTwoDescriptorsForEachConnectionAndAQuarterForTheRest() {
        XCTAssertEqual(LoopbackServerCore.connectionLimit(256, descriptorLimit: 100), 37)
        XCTAssertEqual(LoopbackServerCore.connectionLimit(256, descriptorLimit: 4), 1)
        XCTAssertEqual(LoopbackServerCore.connectionLimit(256, descriptorLimit: 0), 1, "never none at all")
    }
}
