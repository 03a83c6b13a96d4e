import Basics
import Foundation

/// An image download is valid when the status is exactly 200, the body is not empty, and its
/// first bytes are an image's; anything else, an HTML login page answered with
/// 200 among them, is invalid data and never stored.
public enum FeedImageDataMapper {
    /// The image's format, from the answer and the body's first `ImageFormat.signatureLength` bytes.
    public static func map(_ answer: HTTPAnswer, head: [UInt8]) throws(MappingError) -> ImageFormat {
        guard answer.status == 200 else {
            throw MappingError("status \(answer.status), expected 200")
        }
        guard answer.bodyBytes > 0 else {
            throw MappingError("empty body")
        }
        let format = ImageFormat.detect(head, mediaType: answer.mediaType)
        guard format != .unknown else { throw notAnImage(answer, byteCount: answer.bodyBytes) }
        return format
    }

    /// "not an image (text/html, 40 bytes)"
    static func notAnImage(_ answer: HTTPAnswer, byteCount: Int?) -> MappingError {
        var facts = [answer.mediaType ?? "no content type"]
        if let byteCount { facts.append(ByteCountText.describe(byteCount)) }
        return MappingError("not an image (\(facts.joined(separator: ", ")))")
    }
}
