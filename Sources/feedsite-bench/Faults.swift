import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization

/// Misbehaviour for `feedsite-bench serve`, to try feedsite by hand against an API that
/// fails the way real ones do. `--flaky` answers one request in ten with 503 and resets
/// one in thirty, picked by a hash of the request's number (so runs repeat, and a retry
/// is as likely to succeed as any request), and asks the 20th request to wait a second
/// (429, `Retry-After: 1`); the other faults break one kind of resource every time.
struct Faults: Sendable {
    var flaky = false
    /// `html` (a sign-in page), `endless` (a body that never ends), `redirect` (a 302 to
    /// the image's real place) or `slow` (500 bytes a second) for every image request.
    var images: String?
    /// `hang`, `503` or `reset` for every comments request.
    var comments: String?

    static let imageModes = ["html", "endless", "redirect", "slow"]
    static let commentsModes = ["hang", "503", "reset"]

    var isEmpty: Bool { !flaky && images == nil && comments == nil }

    var summary: String {
        var parts: [String] = []
        if flaky { parts.append("flaky (1 request in 10 answered 503, 1 in 30 reset, the 20th 429 with Retry-After: 1)") }
        if let images { parts.append("images: \(images)") }
        if let comments { parts.append("comments: \(comments)") }
        return parts.joined(separator: "; ")
    }

    /// The intercept for `SampleAPIServer`: an answer for the requests to break, `nil` for the rest.
    func intercept(for source: SampleFeedSource) -> @Sendable (HTTPRequest) -> HTTPResponse? {
        let counter = Mutex(0)
        let faults = self
        let api = SampleAPIServer.handler(for: source)
        return { request in
            let number = counter.withLock { count -> Int in
                count += 1
                return count
            }
            let path = request.path
            if path.hasPrefix("/images/"), let mode = faults.images {
                return Self.image(mode, request: request, api: api)
            }
            if path.hasSuffix("/comments"), let mode = faults.comments {
                return Self.comments(mode)
            }
            guard faults.flaky else { return nil }
            if number == 20 { return HTTPResponse(status: 429, headers: ["Retry-After": "1"]) }
            let chance = Double(Self.mix(UInt64(number)) >> 11) / Double(1 << 53)
            if chance < 0.1 { return HTTPResponse(status: 503, body: Data("busy".utf8)) }
            if chance < 0.1 + 1.0 / 30 { return HTTPResponse(status: 200, delivery: .reset) }
            return nil
        }
    }

    private static func image(_ mode: String, request: HTTPRequest, api: LoopbackHTTPServer.Handler) -> HTTPResponse? {
        let path = request.path
        switch mode {
        case "html":
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<!DOCTYPE html><html><body>Please sign in</body></html>".utf8))
        case "endless":
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 65_528),
                delivery: .endless)
        case "redirect" where !path.hasPrefix("/images/moved/"):
            return HTTPResponse(status: 302, headers: ["Location": "/images/moved/" + path.dropFirst("/images/".count)])
        case "redirect":
            return api(HTTPRequest(method: "GET", target: "/images/" + path.dropFirst("/images/moved/".count)))
        case "slow":
            var response = api(request)
            response.delivery = .trickle(bytes: 100, every: .milliseconds(200))
            return response
        default:
            return nil
        }
    }

    /// SplitMix64's finaliser: a well-spread hash of the request number.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func comments(_ mode: String) -> HTTPResponse {
        switch mode {
        case "hang": HTTPResponse(status: 200, delivery: .hang)
        case "reset": HTTPResponse(status: 200, delivery: .reset)
        default: HTTPResponse(status: 503, body: Data("down for maintenance".utf8))
        }
    }
}
