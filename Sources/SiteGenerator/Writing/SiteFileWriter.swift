/// Where a site's files go as they are made: the site being staged, or a test's memory.
/// Paths are from the site root.
public protocol SiteFileWriter: Sendable {
    func write(_ text: String, to path: String) throws
    /// `path` gets the bytes already written at `existing`, without writing them again.
    func link(_ existing: String, to path: String) throws
}
