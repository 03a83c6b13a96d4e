import Foundation

/// The photos just before and after one, in the order a reader goes through them: the
/// feed's, or a snapshot's. A photo's page links them.
public struct PhotoNeighbours: Equatable, Sendable {
    public let previous: SiteEntry?
    public let next: SiteEntry?

    public init(previous: SiteEntry?, next: SiteEntry?) {
        self.previous = previous
        self.next = next
    }

    /// The neighbours of `entries[index]` in `entries`.
    public init(of index: Int, in entries: [SiteEntry]) {
        self.previous = index > entries.startIndex ? entries[index - 1] : nil
        self.next = index + 1 < entries.endIndex ? entries[index + 1] : nil
    }

    /// A photo alone.
    public static let none = PhotoNeighbours(previous: nil, next: nil)
}
