import Foundation
import Synchronization

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
