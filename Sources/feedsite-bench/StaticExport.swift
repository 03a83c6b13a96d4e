import FeedCore
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization

/// The synthetic feed as static files, laid out so that a static server answers what the
/// sample API would (the nginx config is `NginxConfig`):
///
///     v1/pages/<scheme>/p.json          the first feed page, 10 items
///     v1/pages/<scheme>/p<ID>.json      the page after item <ID> (`after_id`); the last is empty
///     v1/image/<ID>/comments            the item's comments
///     images/synthetic-N.png            the image bytes
///
/// The JSON is what `SampleAPIServer.handler` answers, byte for byte, except the image
/// URLs' origin: each of `bases` gets its own pages (one per scheme, so that http pages
/// name http images and https pages https ones), and `redirectImages` names
/// `/r/synthetic-N.png`, which the server answers with a 302 to the image.
struct StaticExport {
    let feed: SyntheticFeed
    /// Origins the pages name images on: `http://127.0.0.1:8080`, `https://127.0.0.1:8443`;
    /// at most one per scheme.
    let bases: [URL]
    var redirectImages = false

    /// The host the pages are asked for, then replaced by each base.
    private static let placeholder = "feedsite-export.invalid"

    /// Writes the tree into `root` (made when missing); the number of files written.
    @discardableResult
    func write(to root: URL) throws -> Int {
        let api = SampleAPIServer.handler(for: feed)
        var written = 0
        for base in bases {
            let folder = root.appendingPathComponent("v1/pages/\(base.scheme ?? "http")")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let origin = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
            let imagePrefix = "\"\(origin)\(redirectImages ? "/r/" : "/images/")"
            for after in FeedURLs.afterIDs(items: feed.itemCount) {
                let target = "/v1/feed?limit=\(FeedURLs.pageLimit)" + (after.map { "&after_id=\($0.text)" } ?? "")
                let page = try Self.body(api(HTTPRequest(method: "GET", target: target, headers: ["host": Self.placeholder])), of: target)
                let text = String(decoding: page, as: UTF8.self).replacingOccurrences(of: "\"http://\(Self.placeholder)/images/", with: imagePrefix)
                try Data(text.utf8).write(to: folder.appendingPathComponent("p\(after?.text ?? "").json"))
                written += 1
            }
        }
        let images = root.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        // Comments and images are most of the files: written on every core.
        let failure = Mutex<Error?>(nil)
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        let count = feed.itemCount
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            do {
                for index in stride(from: chunk, to: count, by: chunks) {
                    if Leftovers.shared.isInterrupted { throw CancellationError() }
                    let item = feed.item(at: index)
                    let target = "/v1/image/\(item.id.text)/comments"
                    let folder = root.appendingPathComponent("v1/image/\(item.id.text)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Self.body(api(HTTPRequest(method: "GET", target: target)), of: target).write(to: folder.appendingPathComponent("comments"))
                    guard let bytes = feed.image(at: item.imagePath) else { throw BenchmarkError("the synthetic feed has no image at \(item.imagePath)") }
                    try Data(bytes).write(to: images.appendingPathComponent(String(item.imagePath.dropFirst("/images/".count))))
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return written + 2 * count
    }

    private static func body(_ response: HTTPResponse, of target: String) throws -> Data {
        guard response.status == 200 else { throw BenchmarkError("the sample API answered \(target) with status \(response.status)") }
        return response.body
    }
}
