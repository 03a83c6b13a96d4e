import Synchronization

/// A handler that answers with a fixed list of responses in order, repeating the last one,
/// and records every request: `LoopbackHTTPServer(handler: script.next)`.
public final class HTTPResponseScript: Sendable {
    private let responses: [HTTPResponse]
    private let received = Mutex<[HTTPRequest]>([])

    /// `responses` must not be empty.
    public init(_ responses: [HTTPResponse]) {
        precondition(!responses.isEmpty, "an HTTPResponseScript needs at least one response")
        self.responses = responses
    }

    /// Records `request` and answers with the next response, or the last once all were used.
    public func next(_ request: HTTPRequest) -> HTTPResponse {
        let index = received.withLock { received in
            received.append(request)
            return received.count - 1
        }
        return responses[min(index, responses.count - 1)]
    }

    /// Every request answered so far, in the order they arrived.
    public var requests: [HTTPRequest] {
        received.withLock { $0 }
    }

    /// How many requests were answered so far.
    public var count: Int {
        received.withLock { $0.count }
    }
}
