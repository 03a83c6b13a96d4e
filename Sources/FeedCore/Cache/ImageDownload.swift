import Foundation

/// An image on its way into an `ImageStore`: the client streams the body into it (as an
/// `HTTPBodySink`, whose `begin` starts it over for a retried request), and the store's
/// `insert` takes it in. What it throws are `CacheError`s.
public protocol ImageDownload: HTTPBodySink {
    /// The first bytes written so far, for telling the file's type.
    var head: [UInt8] { get }
    /// Drops what was written, unless a store took it in.
    func discard()
}
