import Foundation
import Hashing
import WebArchive
import XCTest

final class WARCRecordTests: XCTestCase {
    private let id = UUID(uuidString: "1B4F0E98-5E77-4B67-9C1C-3A3C1F0D2E01")!
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_base32_isRFC4648sAlphabetWithItsPadding() {
        let examples = ["": "", "f": "MY======", "fo": "MZXQ====", "foo": "MZXW6===", "foob": "MZXW6YQ=", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI======"]
        for (text, expected) in examples { XCTAssertEqual(Base32.encode(Array(text.utf8)), expected, text) }
    }

    func test_digest_isSHA1InBase32_asWARCReadersWriteIt() {
        XCTAssertEqual(WARCRecord.digest(SHA1.hash([UInt8]())), "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ")
    }

    func test_head_writesTheFieldsInOrderEachEndedByCRLF_thenABlankLine() {
        let request = UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!
        let record = WARCRecord(
            kind: .response, id: id, date: date, targetURI: "https://example.org/v1/feed?limit=10",
            fields: [.init("WARC-Concurrent-To", WARCRecord.reference(to: request)), .init("WARC-IP-Address", "127.0.0.1")],
            contentType: "application/http;msgtype=response")

        let head = String(decoding: record.head(blockLength: 42, blockDigest: SHA1.hash([UInt8]())), as: UTF8.self)

        XCTAssertEqual(
            head,
            "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1b4f0e98-5e77-4b67-9c1c-3a3c1f0d2e01>\r\n"
                + "WARC-Date: 2026-11-26T12:00:00Z\r\nWARC-Target-URI: https://example.org/v1/feed?limit=10\r\n"
                + "WARC-Concurrent-To: <urn:uuid:00000000-0000-4000-8000-0000000000aa>\r\nWARC-IP-Address: 127.0.0.1\r\n"
                + "WARC-Block-Digest: sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\r\nContent-Type: application/http;msgtype=response\r\n"
                + "Content-Length: 42\r\n\r\n")
    }

    func test_head_ofAnEmptyBlockNamesNoContentType() {
        let record = WARCRecord(kind: .revisit, id: id, date: date, targetURI: "https://example.org/a", contentType: nil)

        let head = String(decoding: record.head(blockLength: 0, blockDigest: SHA1.hash([UInt8]())), as: UTF8.self)

        XCTAssertTrue(head.hasSuffix("WARC-Block-Digest: sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ\r\nContent-Length: 0\r\n\r\n"), head)
        XCTAssertFalse(head.contains("Content-Type"), head)
    }

    func test_head_ofAWarcinfoHasNoTarget_andNoValueBreaksItsLine() {
        let record = WARCRecord(
            kind: .warcinfo, id: id, date: date, targetURI: nil, fields: [.init("WARC-Filename", "a\r\nWARC-Type: forged")],
            contentType: "application/warc-fields")

        let head = String(decoding: record.head(blockLength: 0, blockDigest: SHA1.hash([UInt8]())), as: UTF8.self)

        XCTAssertFalse(head.contains("WARC-Target-URI"))
        XCTAssertTrue(head.contains("WARC-Filename: aWARC-Type: forged\r\n"), head)
        XCTAssertEqual(head.components(separatedBy: "WARC-Type:").count - 1, 2, "one field of its own, one inside the value")
    }

    func test_surt_reversesTheHostDropsWWWAndTheSchemesPort_sortsTheQuery() {
        XCTAssertEqual(SURT.key(of: "https://www.Example.org:8443/A/b?z=1&a=2#top"), "org,example:8443)/a/b?a=2&z=1")
        XCTAssertEqual(SURT.key(of: "http://example.org:80"), "org,example)/")
        XCTAssertEqual(SURT.key(of: "https://ile-api.essentialdeveloper.com/essential-feed/v1/feed"), "com,essentialdeveloper,ile-api)/essential-feed/v1/feed")
        XCTAssertEqual(SURT.key(of: "http://127.0.0.1:8080/v1/image/ABC/comments"), "1,0,0,127:8080)/v1/image/abc/comments")
        XCTAssertEqual(SURT.key(of: "HTTPS://user:Pw@WWW.Example.org:443/?B=2&a=1"), "org,example)/?a=1&b=2", "userinfo dropped, any case")
        XCTAssertEqual(SURT.key(of: "file:///srv/Site/comments/A%20B.html"), ")/srv/site/comments/a%20b.html", "a site without --base-url")
        XCTAssertEqual(SURT.key(of: "https://a..b.example/"), "example,b,,a)/", "an empty label kept")
    }

    func test_cdxjLine_isTheKeyTheTimeAndTheRecordsPlaceAsPywbReadsIt() {
        let line = CDXJLine(
            url: "https://example.org/a.png", timestamp: "20261126120000", mime: "image/png", status: 200, digest: "sha1:ABC", length: 1234, offset: 567,
            filename: "feedsite-20261126T120000Z-00000.warc.gz")

        XCTAssertEqual(
            String(decoding: line.bytes, as: UTF8.self),
            #"org,example)/a.png 20261126120000 {"url": "https://example.org/a.png", "mime": "image/png", "status": "200", "digest": "sha1:ABC", "length": "1234", "offset": "567", "filename": "feedsite-20261126T120000Z-00000.warc.gz"}"#
        )
    }
}
