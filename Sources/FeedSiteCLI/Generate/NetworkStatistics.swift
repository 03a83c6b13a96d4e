import Foundation
import HTTP

/// What the run's requests cost, as a value taken from the client: the report and the
/// metrics read this and need not know the client.
struct NetworkStatistics: Equatable, Sendable {
    struct HostDown: Equatable, Sendable {
        let host: String
        /// Requests to the host not sent once it was taken as down.
        let notSent: Int
    }

    var requests = 0
    /// Tries beyond each request's first.
    var retries = 0
    /// `Retry-After` pauses asked by servers.
    var pauses = 0
    /// The `--rate` in force, requests a second to each host; `nil`: no limit.
    var rate: Double?
    /// The time during which `--rate` held at least one request back.
    var rateWait: TimeInterval = 0
    /// Headers and bodies as they came over the network, every try's.
    var receivedBytes = 0
    var hostsDown: [HostDown] = []
    /// Failed requests in a row that take a host as down.
    var downThreshold = CurlHTTPClient.downThreshold

    /// The client's figures so far; final once its engine has stopped.
    static func of(_ client: CurlHTTPClient) async -> NetworkStatistics {
        let traffic = client.traffic
        return NetworkStatistics(
            requests: traffic.requests, retries: traffic.retries, pauses: traffic.pauses, rate: client.rate, rateWait: traffic.heldBackByPace,
            receivedBytes: traffic.receivedBytes, hostsDown: await client.hostsDown.map { HostDown(host: $0.host, notSent: $0.notSent) })
    }
}
