import Basics
import Foundation
import Synchronization

/// An image download is valid when the status is exactly 200, the body is not empty, and its
/// first bytes are an image's; anything else, an HTML login page answered with
/// 200 among them, is invalid data and never stored.
public enum FeedImageDataMapper {
    /// The image's format, from the answer and the body's first `ImageFormat.signatureLength` bytes.
    public static func map(_ answer: HTTPAnswer, head: [UInt8]) throws -> ImageFormat {
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

/// Passes an image's body on to `destination`, and stops the transfer as soon as the first
/// bytes show it is not an image, so an HTML page or an endless text body costs a few bytes,
/// not the whole `--max-image-bytes`. Bodies shorter than a signature are left to
/// `FeedImageDataMapper.map`.
public final class ImageBodyCheck: HTTPBodySink {
    private let destination: HTTPBodySink
    private let state = Mutex(State())

    private struct State {
        var answer: HTTPAnswer?
        var head: [UInt8] = []
        var checked = false
    }

    public init(_ destination: HTTPBodySink) {
        self.destination = destination
    }

    public func begin(_ answer: HTTPAnswer) throws {
        state.withLock { $0 = State(answer: answer) }
        try destination.begin(answer)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { (state: inout State) throws(MappingError) in
            guard !state.checked, let answer = state.answer else { return }
            state.head.append(contentsOf: bytes.prefix(ImageFormat.signatureLength - state.head.count))
            guard state.head.count == ImageFormat.signatureLength else { return }
            state.checked = true
            if ImageFormat.detect(state.head, mediaType: answer.mediaType) == .unknown {
                throw FeedImageDataMapper.notAnImage(answer, byteCount: answer.contentLength)
            }
        }
        try destination.write(bytes)
    }
}
