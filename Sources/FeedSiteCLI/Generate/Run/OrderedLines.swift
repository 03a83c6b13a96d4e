import Publishing

/// Lines numbered from 0 that arrive in any order, from any task, and land in order.
protocol OrderedLines: Sendable {
    /// The file's path from the site root.
    var path: String { get }
    func add(_ line: String, number: Int) throws
    /// Ends the file once `count` lines have come.
    func finish(count: Int) throws
}

extension OrderedLinesFile: OrderedLines {}
