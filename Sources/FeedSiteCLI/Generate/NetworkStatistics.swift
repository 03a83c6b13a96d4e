import HTTP

/// What the run's requests cost, as the client counts them (`CurlHTTPClient.statistics`):
/// the report and the metrics read this under the command line's own name for it.
typealias NetworkStatistics = HTTP.NetworkStatistics
