import Foundation

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
