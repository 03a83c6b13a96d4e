import FeedCore
import Foundation
import TestSupport
import XCTest

final class ImageCommentsMapperTests: XCTestCase {
    // MARK: - Status

    func test_map_throwsInvalidDataOnNon2xxHTTPResponse() {
        let json = FeedAPIPayloads.items([])

        for status in [199, 300, 301, 400, 404, 500] {
            XCTAssertThrowsError(try ImageCommentsMapper.map(json, from: httpResponse(status)), "status \(status)") { error in
                XCTAssertTrue(reason(of: error).contains("\(status)"), "the reason names the status: \(error)")
            }
        }
    }

    func test_map_deliversItemsOnAny2xxHTTPResponse() throws {
        let comments = [makeComment(), makeComment()]
        let json = FeedAPIPayloads.comments(comments)

        for status in [200, 201, 250, 299] {
            XCTAssertEqual(try ImageCommentsMapper.map(json, from: httpResponse(status)), comments, "status \(status)")
        }
    }

    func test_map_deliversNoItemsOn2xxHTTPResponseWithEmptyList() throws {
        for status in [200, 201, 299] {
            XCTAssertEqual(try ImageCommentsMapper.map(Data(#"{"items":[]}"#.utf8), from: httpResponse(status)), [], "status \(status)")
        }
    }

    // MARK: - Body shape

    func test_map_throwsOn2xxHTTPResponseWithInvalidJSON() {
        for status in [200, 201] {
            XCTAssertThrowsError(try ImageCommentsMapper.map(Data("invalid json".utf8), from: httpResponse(status))) { error in
                XCTAssertTrue(reason(of: error).contains("JSON"), "\(error)")
            }
        }
    }

    func test_map_throwsOnMissingItemsKey() {
        XCTAssertThrowsError(try ImageCommentsMapper.map(Data(#"{"comments":[]}"#.utf8), from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("items"), "\(error)")
        }
    }

    func test_map_ignoresUnknownKeys() throws {
        let comment = makeComment()
        var item = FeedAPIPayloads.comment(comment)
        item["likes"] = 12
        item["author"] = ["username": comment.username, "avatar": "https://a.com/a.png"]
        let body = try JSONSerialization.data(withJSONObject: ["items": [item], "total": 1])

        XCTAssertEqual(try ImageCommentsMapper.map(body, from: httpResponse(200)), [comment])
    }

    // MARK: - Required fields

    func test_map_throwsOnCommentWithMalformedID() {
        var item = FeedAPIPayloads.comment(makeComment())
        item["id"] = "not-a-uuid"

        XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("id"), "\(error)")
        }
    }

    func test_map_throwsOnCommentMissingARequiredField() {
        for key in ["id", "message", "created_at", "author"] {
            var item = FeedAPIPayloads.comment(makeComment())
            item[key] = nil

            XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "without \(key)") { error in
                XCTAssertTrue(reason(of: error).contains(key), "the reason names \(key): \(error)")
            }
        }
    }

    func test_map_throwsOnCommentWithNullRequiredField() {
        for key in ["id", "message", "created_at", "author"] {
            var item = FeedAPIPayloads.comment(makeComment())
            item[key] = NSNull()

            XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "null \(key)")
        }
    }

    func test_map_throwsOnCommentWithoutAuthorUsername() {
        for author: Any in [[String: Any](), ["username": NSNull()], ["name": "someone"], "someone"] {
            var item = FeedAPIPayloads.comment(makeComment())
            item["author"] = author

            XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "author \(author)")
        }
    }

    // MARK: - created_at

    func test_map_decodesCreatedAtInEveryAcceptedForm() throws {
        let instant = Date(timeIntervalSince1970: 1_589_973_899)  // 2020-05-20T11:24:59Z
        let forms: [(String, Date)] = [
            ("2020-05-20T11:24:59+0000", instant),
            ("2020-05-20T11:24:59+00:00", instant),
            ("2020-05-20T11:24:59Z", instant),
            ("2020-05-20T13:24:59+02:00", instant),
            ("2020-05-20T08:24:59-0300", instant),
            ("2020-05-20T11:24:59.250Z", instant.addingTimeInterval(0.25)),
            ("2020-05-20T11:24:59.5+0000", instant.addingTimeInterval(0.5)),
            ("2020-05-20T11:24:59.125+00:00", instant.addingTimeInterval(0.125)),
        ]
        for (text, expected) in forms {
            var item = FeedAPIPayloads.comment(makeComment())
            item["created_at"] = text

            let comments = try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200))

            XCTAssertEqual(try XCTUnwrap(comments.first).createdAt.timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 0.0005, text)
        }
    }

    func test_map_throwsOnInvalidCreatedAt() {
        for text in ["", "yesterday", "2020-05-20", "20/05/2020 11:24", "2020-05-20T11:24:59", "1589973899"] {
            var item = FeedAPIPayloads.comment(makeComment())
            item["created_at"] = text

            XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "created_at \"\(text)\"") { error in
                XCTAssertTrue(reason(of: error).contains("created_at"), "\(error)")
            }
        }
    }

    func test_map_throwsOnCreatedAtWithTrailingCharacters() {
        for text in ["2020-05-20T11:24:59+0000 trailing", "2020-05-20T11:24:59Zjunk"] {
            var item = FeedAPIPayloads.comment(makeComment())
            item["created_at"] = text

            XCTAssertThrowsError(
                try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)), "created_at \"\(text)\" is not an ISO 8601 date")
        }
    }

    func test_map_throwsOnNumericCreatedAt() {
        var item = FeedAPIPayloads.comment(makeComment())
        item["created_at"] = 1_589_973_899

        XCTAssertThrowsError(try ImageCommentsMapper.map(FeedAPIPayloads.items([item]), from: httpResponse(200)))
    }

    // MARK: - Order and all-or-nothing

    func test_map_keepsServerOrder() throws {
        let base = Date(timeIntervalSince1970: 1_600_000_000)
        let comments = [
            makeComment(message: "middle", createdAt: base),
            makeComment(message: "newest", createdAt: base.addingTimeInterval(3600)),
            makeComment(message: "oldest", createdAt: base.addingTimeInterval(-3600)),
            makeComment(message: "same time", createdAt: base),
        ]

        let result = try ImageCommentsMapper.map(FeedAPIPayloads.comments(comments), from: httpResponse(200))

        XCTAssertEqual(result, comments)
    }

    func test_map_throwsWhenOneCommentOfThePageIsInvalid() {
        var invalid = FeedAPIPayloads.comment(makeComment())
        invalid["created_at"] = "not a date"
        let body = FeedAPIPayloads.items([FeedAPIPayloads.comment(makeComment()), invalid, FeedAPIPayloads.comment(makeComment())])

        XCTAssertThrowsError(try ImageCommentsMapper.map(body, from: httpResponse(200))) { error in
            XCTAssertTrue(reason(of: error).contains("2"), "the reason points at the second comment: \(error)")
        }
    }

    func test_map_keepsMessageAndUsernameVerbatim() throws {
        let comment = makeComment(message: "<script>alert('x')</script> & \"friends\"\nsecond line 😀", username: "<b>mallory</b>")

        XCTAssertEqual(try ImageCommentsMapper.map(FeedAPIPayloads.comments([comment]), from: httpResponse(200)), [comment])
    }

    // MARK: - Helpers

    private func makeComment(message: String = "a message", createdAt: Date = Date(timeIntervalSince1970: 1_589_973_899), username: String = "a username")
        -> ImageComment
    {
        ImageComment(id: UUID(), message: message, createdAt: createdAt, username: username)
    }

    private func reason(of error: Error) -> String {
        (error as? MappingError)?.reason ?? "not a MappingError: \(error)"
    }
}
