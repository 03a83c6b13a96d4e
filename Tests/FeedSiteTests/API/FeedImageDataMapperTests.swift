import FeedCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FeedImageDataMapperTests: XCTestCase {
    func test_map_deliversDataOn200HTTPResponseWithNonEmptyBody() throws {
        let data = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])

        XCTAssertEqual(try FeedImageDataMapper.map(data, from: httpResponse(200)), data)
    }

    func test_map_deliversASingleByteBody() throws {
        XCTAssertEqual(try FeedImageDataMapper.map(Data([0]), from: httpResponse(200)), Data([0]))
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithEmptyBody() {
        XCTAssertThrowsError(try FeedImageDataMapper.map(Data(), from: httpResponse(200))) { error in
            XCTAssertTrue(((error as? MappingError)?.reason ?? "").contains("empty"), "\(error)")
        }
    }

    func test_map_throwsInvalidDataOnNon200HTTPResponse() {
        for status in [199, 201, 204, 206, 300, 304, 400, 404, 500] {
            XCTAssertThrowsError(try FeedImageDataMapper.map(anyData(), from: httpResponse(status)), "status \(status)") { error in
                XCTAssertTrue(((error as? MappingError)?.reason ?? "").contains("\(status)"), "the reason names the status: \(error)")
            }
        }
    }
}
