import FeedCore
import Foundation
import TestSupport
import XCTest

final class FeedItemsMapperTests: XCTestCase {
    // MARK: - Status

    func test_map_throwsInvalidDataOnNon200HTTPResponse() {
        let json = FeedAPIPayloads.items([])

        for status in [199, 201, 204, 300, 304, 400, 404, 500] {
            XCTAssertThrowsError(try FeedItemsMapper.map(json, from: httpResponse(status)), "status \(status)") { error in
                XCTAssertTrue(reason(of: error).contains("\(status)"), "the reason names the status: \(error)")
            }
        }
    }

    // MARK: - Body shape

    func test_map_throwsOn200HTTPResponseWithInvalidJSON() {
        XCTAssertThrowsError(try FeedItemsMapper.map(Data("invalid json".utf8), from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("JSON"), "\(error)")
        }
    }

    func test_map_throwsOn200HTTPResponseWithEmptyBody() {
        XCTAssertThrowsError(try FeedItemsMapper.map(Data(), from: httpResponse(200)))
    }

    func test_map_throwsOnMissingItemsKey() {
        for body in [#"{}"#, #"{"item":[]}"#, #"{"data":{"items":[]}}"#] {
            XCTAssertThrowsError(try FeedItemsMapper.map(Data(body.utf8), from: httpResponse(200)), body) { error in
                XCTAssertTrue(reason(of: error).contains("items"), "\(body): \(error)")
            }
        }
    }

    func test_map_throwsWhenItemsIsNotAnArray() {
        for body in [#"{"items":{}}"#, #"{"items":null}"#, #"{"items":"none"}"#, #"[]"#, #"null"#] {
            XCTAssertThrowsError(try FeedItemsMapper.map(Data(body.utf8), from: httpResponse(200)), body)
        }
    }

    func test_map_deliversNoItemsOn200HTTPResponseWithEmptyList() throws {
        XCTAssertEqual(try FeedItemsMapper.map(Data(#"{"items":[]}"#.utf8), from: httpResponse(200)), [])
    }

    func test_map_deliversItemsOn200HTTPResponseWithItems() throws {
        let first = FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "http://a-url.com")!)
        let second = FeedImage(id: UUID(), description: "a description", location: "a location", url: URL(string: "https://another-url.com/image.png")!)

        let result = try FeedItemsMapper.map(FeedAPIPayloads.page([first, second]), from: httpResponse(200))

        XCTAssertEqual(result, [first, second])
    }

    func test_map_readsALoneSurrogateEscapeInADescriptionAsTheReplacementCharacter() throws {
        let id = UUID()
        let body = #"{"items": [{"id": "\#(id.uuidString)", "image": "https://a.com/1.png", "description": "broken \ud800 emoji", "location": "\udc00"}]}"#

        let result = try FeedItemsMapper.map(Data(body.utf8), from: httpResponse(200))

        XCTAssertEqual(result, [FeedImage(id: id, description: "broken \u{FFFD} emoji", location: "\u{FFFD}", url: URL(string: "https://a.com/1.png")!)])
    }

    func test_map_keepsServerOrder() throws {
        let images = (0..<20).map { _ in uniqueImage() }

        XCTAssertEqual(try FeedItemsMapper.map(FeedAPIPayloads.page(images), from: httpResponse(200)), images)
    }

    // MARK: - id

    func test_map_throwsOnItemWithMalformedID() {
        for id in ["not-a-uuid", "", "12345", "D3F0A5E2-0000-4000-8000-00000000000"] {
            let body = FeedAPIPayloads.items([["id": id, "image": "https://a.com/1.png"]])

            XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200)), "id \"\(id)\"") { error in
                XCTAssertTrue(reason(of: error).contains("id"), "\(error)")
            }
        }
    }

    func test_map_throwsOnItemWithMissingOrNonStringID() {
        let items: [[String: Any]] = [
            ["image": "https://a.com/1.png"],
            ["id": NSNull(), "image": "https://a.com/1.png"],
            ["id": 42, "image": "https://a.com/1.png"],
        ]
        for item in items {
            XCTAssertThrowsError(try FeedItemsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "\(item)")
        }
    }

    func test_map_acceptsLowerCaseUUIDs() throws {
        let id = UUID()
        let body = FeedAPIPayloads.items([["id": id.uuidString.lowercased(), "image": "https://a.com/1.png"]])

        XCTAssertEqual(try FeedItemsMapper.map(body, from: httpResponse(200)).map(\.id), [id])
    }

    // MARK: - image

    func test_map_throwsOnItemWithMissingImage() {
        let body = FeedAPIPayloads.items([["id": UUID().uuidString, "description": "d"]])

        XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("image"), "\(error)")
        }
    }

    func test_map_throwsOnItemWithNullOrNonStringImage() {
        for image: Any in [NSNull(), 42, ["url": "https://a.com"]] {
            let body = FeedAPIPayloads.items([["id": UUID().uuidString, "image": image]])

            XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200)), "\(image)")
        }
    }

    func test_map_throwsOnItemWithNonHTTPImageURL() {
        let urls = [
            "ftp://example.com/image.png",
            "javascript:alert(1)",
            "/relative/image.png",
            "image.png",
            "file:///etc/passwd",
            "data:image/png;base64,iVBORw0KGgo=",
            "mailto:someone@example.com",
            "http://",
            "",
        ]
        for url in urls {
            let body = FeedAPIPayloads.items([["id": UUID().uuidString, "image": url]])

            XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200)), "image \"\(url)\"") { error in
                XCTAssertTrue(reason(of: error).contains("image"), "\(error)")
            }
        }
    }

    func test_map_acceptsHTTPAndHTTPSImageURLs() throws {
        let urls = ["http://a.com/1.png", "https://b.com/2.jpg?size=large", "HTTPS://C.COM/3.PNG", "http://127.0.0.1:8080/images/4.png"]
        let body = FeedAPIPayloads.items(urls.map { ["id": UUID().uuidString, "image": $0] })

        let result = try FeedItemsMapper.map(body, from: httpResponse(200))

        XCTAssertEqual(result.map(\.url.absoluteString), urls)
    }

    // MARK: - Optional fields

    func test_map_deliversNilDescriptionAndLocationWhenMissing() throws {
        let body = FeedAPIPayloads.items([["id": UUID().uuidString, "image": "https://a.com/1.png"]])

        let item = try XCTUnwrap(FeedItemsMapper.map(body, from: httpResponse(200)).first)

        XCTAssertNil(item.description)
        XCTAssertNil(item.location)
    }

    func test_map_deliversNilDescriptionAndLocationWhenNull() throws {
        let body = FeedAPIPayloads.items([["id": UUID().uuidString, "image": "https://a.com/1.png", "description": NSNull(), "location": NSNull()]])

        let item = try XCTUnwrap(FeedItemsMapper.map(body, from: httpResponse(200)).first)

        XCTAssertNil(item.description)
        XCTAssertNil(item.location)
    }

    func test_map_keepsTextFieldsVerbatim() throws {
        let description = "Line one\nLine two with <b>markup</b> & \"quotes\" — ünïcødé 😀"
        let location = "  spaced  "
        let body = FeedAPIPayloads.items([["id": UUID().uuidString, "image": "https://a.com/1.png", "description": description, "location": location]])

        let item = try XCTUnwrap(FeedItemsMapper.map(body, from: httpResponse(200)).first)

        XCTAssertEqual(item.description, description)
        XCTAssertEqual(item.location, location)
    }

    func test_map_ignoresUnknownKeys() throws {
        let id = UUID()
        let body = Data(
            #"{"items":[{"id":"\#(id.uuidString)","image":"https://a.com/1.png","likes":3,"tags":["x"],"author":{"name":"n"}}],"next":"cursor","count":1}"#.utf8
        )

        let result = try FeedItemsMapper.map(body, from: httpResponse(200))

        XCTAssertEqual(result, [FeedImage(id: id, description: nil, location: nil, url: URL(string: "https://a.com/1.png")!)])
    }

    // MARK: - All or nothing

    func test_map_throwsWhenOneItemOfThePageIsInvalid() {
        let valid = FeedAPIPayloads.item(uniqueImage())
        let invalid: [String: Any] = ["id": "not-a-uuid", "image": "https://a.com/1.png"]
        let body = FeedAPIPayloads.items([valid, invalid, FeedAPIPayloads.item(uniqueImage())])

        XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("2"), "the reason points at the second item: \(error)")
        }
    }

    func test_map_throwsWhenTheLastItemOfThePageHasANonHTTPImage() {
        let body = FeedAPIPayloads.items([
            FeedAPIPayloads.item(uniqueImage()),
            FeedAPIPayloads.item(uniqueImage()),
            ["id": UUID().uuidString, "image": "javascript:alert(1)"],
        ])

        XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("3"), "the reason points at the third item: \(error)")
        }
    }

    func test_map_throwsWhenOneItemMissesARequiredField() {
        let body = FeedAPIPayloads.items([
            FeedAPIPayloads.item(uniqueImage()),
            ["id": UUID().uuidString],
        ])

        XCTAssertThrowsError(try FeedItemsMapper.map(body, from: httpResponse(200)))
    }

    // MARK: - Helpers

    private func reason(of error: Error) -> String {
        (error as? MappingError)?.reason ?? "not a MappingError: \(error)"
    }
}
