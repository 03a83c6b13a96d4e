import Foundation

/// What the run's requests cost, as a value taken from the client (the HTTP engine's):
/// how many there were, how many extra tries and host pauses they took, what `--rate` held
/// back, what came over the network, and the hosts taken as down. The run's report and
/// metrics read this, and need not know the client.
public struct NetworkStatistics: Equatable, Sendable {
    /// A host taken as down during the run, and how many requests to it were not sent.
    public struct HostDown: Equatable, Sendable {
        public let host: String
        public let notSent: Int

        public init(host: String, notSent: Int) {
            self.host = host
            self.notSent = notSent
        }
    }

    public var requests: Int
    /// Tries beyond each request's first.
    public var retries: Int
    /// `Retry-After` pauses asked by servers.
    public var pauses: Int
    /// The `--rate` in force, requests a second to each host; `nil`: no limit.
    public var rate: Double?
    /// With `--rate`, the time during which at least one request waited for its turn, in seconds.
    public var rateWait: TimeInterval
    /// Headers and bodies as they came over the network, every try's.
    public var receivedBytes: Int
    public var hostsDown: [HostDown]
    /// Failed requests in a row that take a host as down.
    public var downThreshold: Int

    public init(
        requests: Int = 0, retries: Int = 0, pauses: Int = 0, rate: Double? = nil, rateWait: TimeInterval = 0, receivedBytes: Int = 0,
        hostsDown: [HostDown] = [], downThreshold: Int
    ) {
        self.requests = requests
        self.retries = retries
        self.pauses = pauses
        self.rate = rate
        self.rateWait = rateWait
        self.receivedBytes = receivedBytes
        self.hostsDown = hostsDown
        self.downThreshold = downThreshold
    }
}
