import FeedCore
import Foundation
import TestSupport
import XCTest

final class ImageCommentsEndpointTests: XCTestCase {
    func test_imageComments_endpointURL_isImageIDCommentsUnderTheBaseURL() throws {
        let baseURL = URL(string: "http://base-url.com/v1")!
        let imageID = try XCTUnwrap(UUID(uuidString: "2239cba2-cb35-4392-adc3-24a37d38e010"))

        let received = ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: baseURL)

        XCTAssertEqual(received.absoluteString, "http://base-url.com/v1/image/2239CBA2-CB35-4392-ADC3-24A37D38E010/comments")
    }

    func test_imageComments_endpointURL_keepsTheProductionRootsPath() throws {
        let baseURL = URL(string: "https://ile-api.essentialdeveloper.com/essential-feed/v1")!
        let imageID = UUID()

        let received = ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: baseURL)

        XCTAssertEqual(received.scheme, "https")
        XCTAssertEqual(received.host, "ile-api.essentialdeveloper.com")
        XCTAssertEqual(received.path, "/essential-feed/v1/image/\(imageID.uuidString.uppercased())/comments")
        XCTAssertNil(received.query)
    }

    func test_imageComments_endpointURL_withBaseURLEndingInSlash() {
        let baseURL = URL(string: "http://base-url.com/v1/")!
        let imageID = UUID()

        XCTAssertEqual(
            ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: baseURL).absoluteString,
            "http://base-url.com/v1/image/\(imageID.uuidString.uppercased())/comments"
        )
    }

    func test_imageComments_endpointURL_isTheSameAsTheComponentsAppendedOneAtATime() {
        let imageID = UUID()
        for root in [
            "http://h/v1", "http://h/v1/", "http://h", "http://h/", "http://h/v1?key=1", "http://h/v1/?key=1#part", "http://h/a%20b/v1",
            "https://user:secret@h:8443/v1", "http://h/v1//", "http://[::1]:8080/v1",
        ] {
            let baseURL = URL(string: root)!
            let oneAtATime = baseURL.appendingPathComponent("image").appendingPathComponent(imageID.text).appendingPathComponent("comments")

            XCTAssertEqual(ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: baseURL), oneAtATime, root)
            XCTAssertEqual(ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: baseURL).absoluteString, oneAtATime.absoluteString, root)
        }
    }
}
