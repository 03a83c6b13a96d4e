import Foundation

/// A remote load that failed, with the URL and which of the API's two error kinds it was.
public struct RemoteLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case connectivity = "connectivity error"
        case invalidData = "invalid data"
    }

    public let kind: Kind
    public let url: URL
    public let reason: String

    public init(kind: Kind, url: URL, reason: String) {
        self.kind = kind
        self.url = url
        self.reason = reason
    }

    /// Invalid data: `answer` did not map; says how many tries it took when more than one.
    public init(_ error: MappingError, url: URL, answer: HTTPAnswer) {
        self.init(kind: .invalidData, url: url, reason: answer.tries > 1 ? "\(error.reason) (after \(answer.tries) tries)" : error.reason)
    }

    /// No answer: the client's error, said of `url`.
    public init(_ error: HTTPClientError, url: URL) {
        self.init(kind: error.kind == .connectivity ? .connectivity : .invalidData, url: url, reason: error.reason)
    }

    public var description: String { "\(kind.rawValue) from \(url.absoluteString): \(reason)" }
}

/// Why loading from the API delivered nothing: the API failed, or the task was cancelled,
/// which is neither of the API's two kinds of error.
public enum RemoteLoadFailure: Error, Equatable, Sendable {
    case failed(RemoteLoadError)
    case cancelled
}

extension HTTPClient {
    /// GETs an API resource into memory and maps the answer; a failure is the API's
    /// (`RemoteLoadError`) or the task's cancellation.
    public func load<T>(_ url: URL, headers: [String] = [], mapping map: (Data, HTTPAnswer) throws(MappingError) -> T) async throws(RemoteLoadFailure)
        -> T
    {
        let body = HTTPBodyBuffer()
        let answer: HTTPAnswer
        do {
            answer = try await get(.api(url, headers: headers), into: body)
        } catch {
            switch error {
            case let .unanswered(error): throw .failed(RemoteLoadError(error, url: url))
            // A buffer in memory refuses nothing; were it to, the answer could not be used.
            case let .refusedBySink(error): throw .failed(RemoteLoadError(kind: .invalidData, url: url, reason: "\(error)"))
            case .cancelled: throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        do {
            return try map(body.data, answer)
        } catch {
            throw .failed(RemoteLoadError(error, url: url, answer: answer))
        }
    }
}
