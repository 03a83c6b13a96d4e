import Foundation
import Synchronization

/// Where a 2xx answer's body goes as it arrives, so no body is ever held whole by the client.
///
/// The client calls `begin` before the first bytes of each try's body (a retried request
/// starts over: forget what the try before wrote), then `write` for each chunk, on the
/// client's own thread. Throwing from either stops the transfer at once; the client then
/// throws that error, unchanged and not retried.
public protocol HTTPBodySink: AnyObject, Sendable {
    func begin(_ answer: HTTPAnswer) throws
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Keeps the body in memory: for API answers, which the request's limit keeps small.
public final class HTTPBodyBuffer: HTTPBodySink {
    private let bytes = Mutex(Data())

    public init() {}

    public func begin(_ answer: HTTPAnswer) {
        bytes.withLock { $0.removeAll(keepingCapacity: true) }
    }

    public func write(_ chunk: UnsafeRawBufferPointer) {
        bytes.withLock { $0.append(contentsOf: chunk) }
    }

    public var data: Data { bytes.withLock { $0 } }
}
