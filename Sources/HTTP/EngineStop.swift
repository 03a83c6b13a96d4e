import FeedCore

/// Why the engine's loop stops: asked to, or libcurl failed in a way no transfer can recover
/// from.
enum EngineStop {
    case shutdown
    case broken(HTTPClientError)

    var error: any Error {
        switch self {
        case .shutdown: CancellationError()
        case let .broken(error): error
        }
    }
}
