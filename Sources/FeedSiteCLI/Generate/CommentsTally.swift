/// Where each image's comments came from, and how many comments the pages show.
struct CommentsTally: Equatable, Sendable {
    var live = 0
    var fromCache = 0
    var unavailable = 0
    /// Comments on all the pages.
    var count = 0
}

extension CommentsTally {
    /// `one` counted into `sum`.
    static func add(_ sum: inout CommentsTally, _ one: CommentsTally) {
        sum.live += one.live
        sum.fromCache += one.fromCache
        sum.unavailable += one.unavailable
        sum.count += one.count
    }
}
