import FeedCore

extension HTTPGetFailure {
    /// The error itself, as the tests look for it by its type: the client's, the sink's, or
    /// `CancellationError`.
    public var error: any Error {
        switch self {
        case let .unanswered(error): error
        case let .refusedBySink(error): error
        case .cancelled: CancellationError()
        }
    }
}

extension RemoteLoadFailure {
    /// The error itself, as the tests look for it by its type: the API's, or
    /// `CancellationError`.
    public var error: any Error {
        switch self {
        case let .failed(error): error
        case .cancelled: CancellationError()
        }
    }
}
