/// What the images phase got: each distinct image URL downloaded, from the cache, or failed.
struct ImageTally: Equatable, Sendable {
    var downloaded = 0
    var fromCache = 0
    var failed = 0
    /// Distinct image files in the site (identical bytes from several URLs count once).
    var files = 0
}
