import Synchronization

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
        var refusal: MappingError?
    }

    public init(_ destination: HTTPBodySink) {
        self.destination = destination
    }

    /// Why the check stopped the body, once it did: its first bytes are not an image's.
    public var refusal: MappingError? { state.withLock { $0.refusal } }

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
                let refusal = FeedImageDataMapper.notAnImage(answer, byteCount: answer.contentLength)
                state.refusal = refusal
                throw refusal
            }
        }
        try destination.write(bytes)
    }
}
