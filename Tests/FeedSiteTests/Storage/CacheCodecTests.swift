import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedStorage

/// Round trips through the cache files' format, and the exact bytes it writes: the format
/// is what a cache left by one run must be for the next.
final class CacheCodecTests: XCTestCase {
    // MARK: - Round trips

    func test_feed_roundTripsImagesWithAndWithoutDescriptionAndLocation() throws {
        let feed = [
            image(description: "a description", location: "a location"),
            image(description: nil, location: nil),
            image(description: "only a description", location: nil),
            image(description: nil, location: "only a location"),
            image(description: "", location: ""),
        ]

        try assertRoundTrip(.feed, feed)
    }

    func test_feed_roundTripsURLsWithQueriesPercentEscapesAndFragments() throws {
        let urls = [
            "https://images.example/caf%C3%A9%20photo.png?size=large&after_id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "http://127.0.0.1:8080/a/b/../c.jpg?q=%22quoted%22&empty=&plus=a+b#part",
            "https://user:secret@images.example/%2F%5C%25?x=%00",
        ]
        let feed = urls.map { image(url: URL(string: $0)!) }

        let decoded = try roundTrip(.feed, feed)

        XCTAssertEqual(decoded.value.map(\.image.url.absoluteString), urls)
    }

    func test_feed_roundTripsUnicodeKeepingEveryScalar() throws {
        let texts = [
            "📷 photo 👩‍👩‍👧 🇫🇷",
            "e\u{301}te\u{301} and \u{E9}t\u{E9}",  // decomposed and composed: equal as Strings, not as scalars
            "Ω≈ç√ 日本語 עברית العربية",
            "line\u{2028}separator\u{2029}paragraph\u{FEFF}bom",
        ]
        let feed = texts.map { image(description: $0, location: String($0.reversed())) }

        let decoded = try roundTrip(.feed, feed)

        XCTAssertEqual(decoded.value.map { Array($0.image.description!.unicodeScalars) }, texts.map { Array($0.unicodeScalars) })
        XCTAssertEqual(decoded.value.map { Array($0.image.location!.unicodeScalars) }, texts.map { Array(String($0.reversed()).unicodeScalars) })
    }

    func test_feed_roundTripsFirstSeenDatesExactlyAndTheirAbsence() throws {
        let seconds: [TimeInterval] = [0, 0.5, -0.25, 737_000_000.123456, 1.0 / 3.0]
        let feed = seconds.map { image(firstSeen: Date(timeIntervalSinceReferenceDate: $0)) } + [image(firstSeen: nil)]

        let decoded = try roundTrip(.feed, feed)

        XCTAssertEqual(decoded.value.map { $0.firstSeen?.timeIntervalSinceReferenceDate }, seconds + [nil])
    }

    func test_feed_readsAFileWrittenBeforeFirstSeenDatesWereKept() throws {
        let data = Data(#"{"timestamp":5,"value":[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://a.example/x.png"}]}"#.utf8)

        let decoded = try XCTUnwrap(CacheCodec.feed.decode(data))

        XCTAssertEqual(decoded.value.map(\.firstSeen), [nil])
        XCTAssertEqual(decoded.value.map(\.image.url.absoluteString), ["https://a.example/x.png"])
    }

    func test_comments_roundTripQuotesBackslashesAndControlCharacters() throws {
        let messages = [
            #"say "hello" \ and \\ and \" and \n as text"#,
            "tab\tnewline\nreturn\rnull\u{0}bell\u{7}escape\u{1B}unit\u{1F}delete\u{7F}",
            "</script><!-- & ' \"",
            "",
        ]
        let comments = messages.map { comment(message: $0, username: $0) }

        let decoded = try roundTrip(.comments, comments)

        XCTAssertEqual(decoded.value.map { Array($0.message.unicodeScalars) }, messages.map { Array($0.unicodeScalars) })
    }

    func test_comments_roundTripFractionalNegativeAndDistantDates() throws {
        let seconds: [TimeInterval] = [0, 0.5, -0.25, 737_000_000.123456, -978_307_200.000_001, 1e10 + 0.1, -1e10, .ulpOfOne, 1.0 / 3.0]
        let comments = seconds.map { comment(createdAt: Date(timeIntervalSinceReferenceDate: $0)) }

        let decoded = try roundTrip(.comments, comments, timestamp: Date(timeIntervalSinceReferenceDate: -12_345.678_9))

        XCTAssertEqual(decoded.value.map(\.createdAt.timeIntervalSinceReferenceDate), seconds)
        XCTAssertEqual(decoded.timestamp.timeIntervalSinceReferenceDate, -12_345.678_9)
    }

    func test_roundTrip_ofEmptyListsGivesEmptyLists() throws {
        try assertRoundTrip(.feed, [])
        try assertRoundTrip(.comments, [])
        try assertRoundTrip(.comments, [], validators: HTTPValidators(etag: "\"e\"", lastModified: nil))
    }

    func test_comments_roundTripValidatorsPresentOrAbsent() throws {
        let comments = [comment(), comment()]
        let cases: [HTTPValidators?] = [
            nil,
            HTTPValidators(etag: #"W/"v1 \"quoted\"""#, lastModified: "Mon, 20 May 2024 11:00:00 GMT"),
            HTTPValidators(etag: "\"only-etag\"", lastModified: nil),
            HTTPValidators(etag: nil, lastModified: "Tue, 21 May 2024 00:00:00 GMT"),
        ]

        for validators in cases {
            try assertRoundTrip(.comments, comments, validators: validators)
        }
    }

    func test_feed_roundTripsValidatorsToo() throws {
        try assertRoundTrip(.feed, [image()], validators: HTTPValidators(etag: "\"v\"", lastModified: "x"))
    }

    // MARK: - Bytes

    func test_feed_writesOneImagePerLineWithoutTheFieldsAnImageLacks() throws {
        let feed = [
            FeedCacheLine(
                image: FeedImage(
                    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, description: "a \"quoted\"\ndescription",
                    location: nil, url: URL(string: "https://images.example/a.png?size=2&x=%20")!),
                firstSeen: Date(timeIntervalSinceReferenceDate: 736_000_000.25)),
            FeedCacheLine(
                image: FeedImage(
                    id: UUID(uuidString: "0f1e2d3c-4b5a-4968-8776-655443322110")!, description: nil, location: "Zürich 📷",
                    url: URL(string: "http://images.example/b.jpg")!),
                firstSeen: nil),
        ]

        let text = try encodedText(.feed, feed, timestamp: Date(timeIntervalSinceReferenceDate: 737_000_000.5))

        XCTAssertEqual(
            text,
            """
            {"timestamp":737000000.5,"value":[
            {"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://images.example/a.png?size=2&x=%20","description":"a \\"quoted\\"\\ndescription","firstSeen":736000000.25},
            {"id":"0F1E2D3C-4B5A-4968-8776-655443322110","url":"http://images.example/b.jpg","location":"Zürich 📷"}]}

            """)
    }

    func test_comments_writesOneLineWithTheValidatorsAfterTheList() throws {
        let comments = [
            ImageComment(
                id: UUID(uuidString: "AB0C5E3A-1111-4222-8333-444455556666")!, message: "tab\there \\ \u{1}",
                createdAt: Date(timeIntervalSinceReferenceDate: -0.25),
                username: "ünï")
        ]
        let validators = HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:00:00 GMT")

        let text = try encodedText(.comments, comments, timestamp: Date(timeIntervalSinceReferenceDate: 1), validators: validators)

        XCTAssertEqual(
            text,
            #"{"timestamp":1.0,"value":[{"id":"AB0C5E3A-1111-4222-8333-444455556666","message":"tab\there \\ \u0001","createdAt":-0.25,"username":"ünï"}],"etag":"\"v1\"","lastModified":"Mon, 20 May 2024 11:00:00 GMT"}"#
                + "\n")
    }

    func test_emptyList_isWrittenAsAnEmptyArray() throws {
        XCTAssertEqual(try encodedText(.feed, [], timestamp: Date(timeIntervalSinceReferenceDate: 2)), #"{"timestamp":2.0,"value":[]}"# + "\n")
        XCTAssertEqual(try encodedText(.comments, [], timestamp: Date(timeIntervalSinceReferenceDate: 2)), #"{"timestamp":2.0,"value":[]}"# + "\n")
    }

    // MARK: - Failures

    func test_encode_refusesATimestampThatIsNotFiniteBeforeWritingAnything() {
        for seconds in [TimeInterval.infinity, -.infinity, .nan] {
            var pieces: [String] = []
            XCTAssertThrowsError(try CacheCodec.feed.encode([image()], timestamp: Date(timeIntervalSinceReferenceDate: seconds)) { pieces.append($0) }) {
                error in
                XCTAssertEqual((error as? CacheCodec<FeedCacheLine>.Unencodable)?.description, "cannot encode the timestamp \(seconds)")
            }
            XCTAssertEqual(pieces, [])
        }
    }

    func test_encode_refusesAFirstSeenDateThatIsNotFiniteBeforeWritingAnything() {
        let bad = image(firstSeen: Date(timeIntervalSinceReferenceDate: .infinity))
        var pieces: [String] = []

        XCTAssertThrowsError(try CacheCodec.feed.encode([image(), bad], timestamp: fixedNow()) { pieces.append($0) }) { error in
            XCTAssertEqual("\(error)", "cannot encode the first-seen date of image \(bad.image.id.text)")
        }
        XCTAssertEqual(pieces, [])
    }

    func test_encode_refusesACommentDateThatIsNotFiniteBeforeWritingAnything() {
        let bad = comment(createdAt: Date(timeIntervalSinceReferenceDate: .nan))
        var pieces: [String] = []

        XCTAssertThrowsError(try CacheCodec.comments.encode([comment(), bad], timestamp: fixedNow()) { pieces.append($0) }) { error in
            XCTAssertEqual("\(error)", "cannot encode the date of comment \(bad.id.text)")
        }
        XCTAssertEqual(pieces, [])
    }

    func test_decode_deliversNilForWhatIsNotACacheFileOfItsKind() throws {
        let comments = try encoded(.comments, [comment()], timestamp: fixedNow())
        let cases: [String: Data] = [
            "garbage": CacheFixtures.garbage,
            "empty": Data(),
            "truncated": comments.prefix(comments.count / 2),
            "no timestamp": Data(#"{"value":[]}"#.utf8),
            "no value": Data(#"{"timestamp":1}"#.utf8),
            "a timestamp that is not a number": Data(#"{"timestamp":"1","value":[]}"#.utf8),
            "comments read as a feed": comments,
            "an image without a URL": Data(#"{"timestamp":1,"value":[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}]}"#.utf8),
            "an image with a bad id": Data(#"{"timestamp":1,"value":[{"id":"nope","url":"https://a.example/x.png"}]}"#.utf8),
            "a first-seen date that is not a number": Data(
                #"{"timestamp":1,"value":[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://a.example/x.png","firstSeen":"1"}]}"#.utf8),
        ]

        for (name, data) in cases {
            XCTAssertNil(CacheCodec.feed.decode(data), name)
        }
    }

    func test_decode_ignoresFieldsItDoesNotKnow() {
        let data = Data(#"{"timestamp":3,"value":[],"future":{"a":[1,2]},"etag":"\"x\""}"#.utf8)

        XCTAssertEqual(
            CacheCodec.comments.decode(data),
            CacheCodec.Contents(value: [], timestamp: Date(timeIntervalSinceReferenceDate: 3), validators: HTTPValidators(etag: "\"x\"", lastModified: nil)))
    }

    // MARK: - Helpers

    /// A line of the feed file, first seen at a time with a fraction of a second.
    private func image(
        description: String? = "a description", location: String? = "a location", url: URL = CacheFixtures.uniqueImageURL(),
        firstSeen: Date? = Date(timeIntervalSinceReferenceDate: 700_000_000.125)
    ) -> FeedCacheLine {
        FeedCacheLine(image: FeedImage(id: UUID(), description: description, location: location, url: url), firstSeen: firstSeen)
    }

    private func comment(message: String = "a message", createdAt: Date = fixedNow(), username: String = "a username") -> ImageComment {
        ImageComment(id: UUID(), message: message, createdAt: createdAt, username: username)
    }

    private func encodedText<Element>(
        _ codec: CacheCodec<Element>, _ elements: [Element], timestamp: Date, validators: HTTPValidators? = nil
    ) throws -> String {
        var text = ""
        try codec.encode(elements, timestamp: timestamp, validators: validators) { text += $0 }
        return text
    }

    private func encoded<Element>(_ codec: CacheCodec<Element>, _ elements: [Element], timestamp: Date, validators: HTTPValidators? = nil) throws -> Data {
        Data(try encodedText(codec, elements, timestamp: timestamp, validators: validators).utf8)
    }

    private func roundTrip<Element>(
        _ codec: CacheCodec<Element>, _ elements: [Element], timestamp: Date = CacheFixtures.fractionalTimestamp(), validators: HTTPValidators? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> CacheCodec<Element>.Contents {
        let data = try encoded(codec, elements, timestamp: timestamp, validators: validators)
        return try XCTUnwrap(codec.decode(data), String(decoding: data, as: UTF8.self), file: file, line: line)
    }

    private func assertRoundTrip<Element: Equatable>(
        _ codec: CacheCodec<Element>, _ elements: [Element], timestamp: Date = CacheFixtures.fractionalTimestamp(), validators: HTTPValidators? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let decoded = try roundTrip(codec, elements, timestamp: timestamp, validators: validators, file: file, line: line)
        XCTAssertEqual(decoded, CacheCodec.Contents(value: elements, timestamp: timestamp, validators: validators), file: file, line: line)
    }
}
