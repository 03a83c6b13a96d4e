import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// One line of `data/items.jsonl`: every member, in a fixed order, read back as JSON.
final class DataExportLineTests: XCTestCase {
    private let commentID = UUID(uuidString: "C0FFEE00-0001-4000-8000-000000000001")!

    func test_encode_writesEveryMemberInAFixedOrderOnOneLine() {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored("a"), firstSeen: fixedNow())
        let comment = ImageComment(id: commentID, message: "Nice", createdAt: fixedNow().addingTimeInterval(-3_600), username: "ana")

        let line = DataExportLine.encode(entry, comments: .live([comment]))

        let digest = String(repeating: "a", count: 64)
        XCTAssertEqual(
            line,
            #"{"id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "description": "A description", "location": "A location", "first_seen": "2024-05-20T11:24:59Z", "#
                + #""image": {"url": "https://images.example/photo.png", "status": "published", "path": "images/\#(digest).png", "sha256": "\#(digest)", "#
                + #""media_type": "image/png", "bytes": 1024, "width": 640, "height": 480}, "#
                + #""comments": {"source": "live", "saved_at": null, "items": [{"id": "C0FFEE00-0001-4000-8000-000000000001", "message": "Nice", "#
                + #""created_at": "2024-05-20T10:24:59Z", "author": {"username": "ana"}}]}}"# + "\n"
        )
    }

    func test_encode_readsBackFieldByFieldWithTextThatNeedsEscaping() throws {
        let description = "Two\nlines, \"quoted\", a tab\t, a back\\slash, <script>&amp; and 😍 \u{1}"
        let location = "Zürich / Ζυρίχη"
        let message = "</p><script>alert(1)</script>\r\n"
        let entry = SiteEntry(
            image: SiteFixtures.image(description: description, location: location, url: "https://images.example/a%20b.jpg?x=1&y=2"),
            stored: SiteFixtures.stored("b", format: .jpeg, width: 3, height: 2), firstSeen: fixedNow())
        let comment = ImageComment(id: commentID, message: message, createdAt: fixedNow(), username: "user \"one\"")

        let json = try object(DataExportLine.encode(entry, comments: .live([comment])))

        XCTAssertEqual(json["id"] as? String, SiteFixtures.firstID.uuidString)
        XCTAssertEqual(json["description"] as? String, description)
        XCTAssertEqual(json["location"] as? String, location)
        XCTAssertEqual(json["first_seen"] as? String, "2024-05-20T11:24:59Z")
        let image = try XCTUnwrap(json["image"] as? [String: Any])
        XCTAssertEqual(image["url"] as? String, "https://images.example/a%20b.jpg?x=1&y=2")
        XCTAssertEqual(image["status"] as? String, "published")
        XCTAssertEqual(image["path"] as? String, "images/\(String(repeating: "b", count: 64)).jpg")
        XCTAssertEqual(image["sha256"] as? String, String(repeating: "b", count: 64))
        XCTAssertEqual(image["media_type"] as? String, "image/jpeg")
        XCTAssertEqual(image["bytes"] as? Int, 1_024)
        XCTAssertEqual(image["width"] as? Int, 3)
        XCTAssertEqual(image["height"] as? Int, 2)
        let comments = try XCTUnwrap(json["comments"] as? [String: Any])
        let items = try XCTUnwrap(comments["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0]["id"] as? String, commentID.uuidString)
        XCTAssertEqual(items[0]["message"] as? String, message)
        XCTAssertEqual(items[0]["created_at"] as? String, "2024-05-20T11:24:59Z")
        XCTAssertEqual((items[0]["author"] as? [String: Any])?["username"] as? String, "user \"one\"")
    }

    func test_encode_writesNullForAbsentTextAndEveryImageFactOfAFailedImage() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: nil, location: nil), stored: nil, firstSeen: fixedNow())

        let line = DataExportLine.encode(entry, comments: .live([]))
        let json = try object(line)

        XCTAssertTrue(json["description"] is NSNull)
        XCTAssertTrue(json["location"] is NSNull)
        let image = try XCTUnwrap(json["image"] as? [String: Any])
        XCTAssertEqual(image["url"] as? String, "https://images.example/photo.png", "the URL of a failed image is still known")
        XCTAssertEqual(image["status"] as? String, "failed")
        for key in ["path", "sha256", "media_type", "bytes", "width", "height"] {
            XCTAssertTrue(image[key] is NSNull, key)
        }
        XCTAssertEqual(Array(image.keys).sorted(), ["bytes", "height", "media_type", "path", "sha256", "status", "url", "width"])
    }

    func test_encode_writesNullSizeForAnImageWhoseHeaderGivesNone() throws {
        let stored = StoredImage(sha256: String(repeating: "c", count: 64), byteCount: 99, format: .svg)
        let entry = SiteEntry(image: SiteFixtures.image(), stored: stored, firstSeen: fixedNow())

        let image = try XCTUnwrap(try object(DataExportLine.encode(entry, comments: .live([])))["image"] as? [String: Any])

        XCTAssertEqual(image["status"] as? String, "published")
        XCTAssertEqual(image["media_type"] as? String, "image/svg+xml")
        XCTAssertTrue(image["width"] is NSNull)
        XCTAssertTrue(image["height"] is NSNull)
    }

    func test_encode_saysWhereTheCommentsCameFrom() throws {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: nil, firstSeen: fixedNow())
        let comment = ImageComment(id: commentID, message: "Cached", createdAt: fixedNow(), username: "ana")
        let savedAt = fixedNow().addingTimeInterval(-86_400)

        let live = try comments(of: DataExportLine.encode(entry, comments: .live([])))
        let cached = try comments(of: DataExportLine.encode(entry, comments: .cached([comment], savedAt: savedAt)))
        let unavailable = try comments(of: DataExportLine.encode(entry, comments: .unavailable))

        XCTAssertEqual(live["source"] as? String, "live")
        XCTAssertTrue(live["saved_at"] is NSNull)
        XCTAssertEqual((live["items"] as? [Any])?.count, 0, "no comments is an empty list, not null")
        XCTAssertEqual(cached["source"] as? String, "cache")
        XCTAssertEqual(cached["saved_at"] as? String, "2024-05-19T11:24:59Z")
        XCTAssertEqual(((cached["items"] as? [[String: Any]])?.first)?["message"] as? String, "Cached")
        XCTAssertEqual(unavailable["source"] as? String, "unavailable")
        XCTAssertTrue(unavailable["saved_at"] is NSNull)
        XCTAssertTrue(unavailable["items"] is NSNull)
    }

    func test_encode_keepsMillisecondsOnlyOnDatesThatHaveThem() throws {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: nil, firstSeen: fixedNow().addingTimeInterval(0.25))
        let comment = ImageComment(id: commentID, message: "m", createdAt: fixedNow(), username: "u")

        let json = try object(DataExportLine.encode(entry, comments: .live([comment])))

        XCTAssertEqual(json["first_seen"] as? String, "2024-05-20T11:24:59.250Z")
        XCTAssertEqual(((json["comments"] as? [String: Any])?["items"] as? [[String: Any]])?.first?["created_at"] as? String, "2024-05-20T11:24:59Z")
    }

    func test_encode_keepsTheAPIsTextExactlyWithTheCharactersThePagesDrop() throws {
        let text = "a\u{0}b\u{1B}[31mc\u{0B}d\u{7F}e\u{85}f\u{FFFF}"
        let entry = SiteEntry(image: SiteFixtures.image(description: text, location: text), stored: nil, firstSeen: fixedNow())
        let comment = ImageComment(id: commentID, message: text, createdAt: fixedNow(), username: text)

        let line = DataExportLine.encode(entry, comments: .live([comment]))
        let json = try object(line)

        XCTAssertEqual(json["description"] as? String, text)
        XCTAssertEqual(json["location"] as? String, text)
        let comments = try XCTUnwrap((json["comments"] as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(comments.first?["message"] as? String, text)
        XCTAssertEqual((comments.first?["author"] as? [String: Any])?["username"] as? String, text)
        XCTAssertFalse(line.dropLast().unicodeScalars.contains { $0.value < 0x20 }, "JSON escapes the controls: the line stays one line")
    }

    private func object(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws -> [String: Any] {
        XCTAssertTrue(line.hasSuffix("}\n"), "ends with its line break", file: file, line: number)
        XCTAssertEqual(line.filter { $0 == "\n" || $0 == "\r\n" }.count, 1, "one line", file: file, line: number)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], file: file, line: number)
    }

    private func comments(of line: String) throws -> [String: Any] {
        try XCTUnwrap(try object(line)["comments"] as? [String: Any])
    }
}
