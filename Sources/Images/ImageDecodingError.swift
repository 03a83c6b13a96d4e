/// Why a picture could not be decoded. Every such picture is shown as its original.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A kind of file or a feature of it our decoders do not read (arithmetic coding, 12-bit
    /// samples, …).
    case unsupported(String)
    /// The file breaks its format's rules, or ends early.
    case malformed(String)
    /// More pixels than the limit allows: the header says so, nothing was decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case let .unsupported(what): "not decoded: \(what)"
        case let .malformed(reason): "damaged: \(reason)"
        case let .tooManyPixels(width, height, limit): "\(width) × \(height) pixels, more than the \(limit) allowed"
        }
    }
}
